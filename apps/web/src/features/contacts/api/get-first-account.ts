import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { type AccountIdentity, firstAccount } from './first-account.ts';
import { contactKeys } from './query-keys.ts';

export async function getFirstAccount(): Promise<AccountIdentity | null> {
  const { accounts } = await unwrap(api.accounts.$get());
  const first = firstAccount(accounts);
  return first && { id: first.id, emailAddress: first.emailAddress, createdAt: first.createdAt };
}

/**
 * The account the Contacts screen works on (spec: the first email account of the user). Read again
 * on every visit (accounts are added and deleted on another screen), showing the cached one meanwhile.
 */
export function useFirstAccount() {
  return useQuery(queryOptions({ queryKey: contactKeys.firstAccount(), queryFn: getFirstAccount, staleTime: 0 }));
}
