import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { draftsKeys } from './query-keys.ts';

export type DraftAccount = { id: string; emailAddress: string; label: string };

/** The user's accounts, for the queue's account filter and the settings dialog (oldest first). */
export async function getDraftAccounts(signal?: AbortSignal): Promise<DraftAccount[]> {
  const { accounts } = await unwrap(api.accounts.$get(undefined, { init: { signal } }));
  return [...accounts]
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
    .map((account) => ({
      id: account.id,
      emailAddress: account.emailAddress,
      label:
        account.displayName && account.displayName !== account.emailAddress
          ? `${account.displayName} (${account.emailAddress})`
          : account.emailAddress,
    }));
}

export const draftAccountsQueryOptions = () =>
  queryOptions({ queryKey: draftsKeys.accounts(), queryFn: ({ signal }) => getDraftAccounts(signal) });

export function useDraftAccounts() {
  return useQuery({ ...draftAccountsQueryOptions(), staleTime: 0 });
}
