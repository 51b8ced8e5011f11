import type { StyleProfile } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** The account's communication style profile, or null before the first analysis. */
export async function getStyleProfile(accountId: string): Promise<StyleProfile | null> {
  const { profile } = await unwrap(api.accounts[':id'].style.$get({ param: { id: accountId } }));
  return profile;
}

/** Read when the report opens (`enabled`), and again whenever a new profile is stored. */
export function useStyleProfile(accountId: string | null, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: trainingKeys.styleProfile(accountId ?? ''), queryFn: () => getStyleProfile(accountId ?? '') }),
    enabled: enabled && accountId !== null,
  });
}
