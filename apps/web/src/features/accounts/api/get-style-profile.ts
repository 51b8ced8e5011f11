import type { StyleProfile } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** The account's communication style profile (the Style Corpus report), or null before the first analysis. */
export async function getStyleProfile(accountId: string): Promise<StyleProfile | null> {
  const { profile } = await unwrap(api.accounts[':id'].style.$get({ param: { id: accountId } }));
  return profile;
}

/**
 * Read when the Style Corpus dialog opens (`enabled`). Under the accounts prefix, so the account
 * updates a new profile publishes refresh it too.
 */
export function useStyleProfile(accountId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: [...accountKeys.all, 'style-profile', accountId] as const, queryFn: () => getStyleProfile(accountId) }),
    enabled,
  });
}
