import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { emailKeys } from './query-keys.ts';

export type AccountOption = { id: string; label: string };

/** The user's accounts as choices of the account filter (newest first, as the server lists them). */
export async function getAccountOptions(signal?: AbortSignal): Promise<AccountOption[]> {
  const { accounts } = await unwrap(api.accounts.$get(undefined, { init: { signal } }));
  return accounts.map((account) => ({
    id: account.id,
    label:
      account.displayName && account.displayName !== account.emailAddress
        ? `${account.displayName} (${account.emailAddress})`
        : account.emailAddress,
  }));
}

export const accountOptionsQueryOptions = () =>
  queryOptions({ queryKey: emailKeys.accounts(), queryFn: ({ signal }) => getAccountOptions(signal) });

export function useAccountOptions() {
  return useQuery(accountOptionsQueryOptions());
}
