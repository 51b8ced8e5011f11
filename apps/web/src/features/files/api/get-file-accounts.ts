import type { EmailAccount } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

export type FileAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'createdAt'>;

/**
 * The user's email accounts for the account picker, oldest first: the first one is the spec's "first
 * email account" whose files the sidebar badges count, so the screen opens on the files they count.
 */
export async function getFileAccounts(): Promise<FileAccount[]> {
  const { accounts } = await unwrap(api.accounts.$get());
  return accounts
    .map(({ id, emailAddress, createdAt }) => ({ id, emailAddress, createdAt }))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

export const fileAccountsQueryOptions = () => queryOptions({ queryKey: filesKeys.accounts(), queryFn: getFileAccounts });

/** Read again on every visit (accounts are added and deleted on another screen), showing the cached list meanwhile. */
export function useFileAccounts() {
  return useQuery({ ...fileAccountsQueryOptions(), staleTime: 0 });
}
