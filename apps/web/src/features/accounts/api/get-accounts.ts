import type { EmailAccount } from '@penman/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** The user's email accounts, newest first. */
export async function getAccounts(): Promise<EmailAccount[]> {
  const { accounts } = await unwrap(api.accounts.$get());
  return accounts;
}

export const accountsQueryOptions = () => queryOptions({ queryKey: accountKeys.list(), queryFn: getAccounts });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/** Puts an account the server just answered into the cached list (replacing it, or first when new). */
export function storeAccount(queryClient: QueryClient, account: EmailAccount): void {
  queryClient.setQueryData<EmailAccount[]>(accountKeys.list(), (accounts) => {
    if (!accounts) return accounts;
    const index = accounts.findIndex((candidate) => candidate.id === account.id);
    if (index === -1) return [account, ...accounts];
    return accounts.map((candidate) => (candidate.id === account.id ? account : candidate));
  });
}
