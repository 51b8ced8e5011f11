import type { UpdateAccountRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { storeAccount } from './get-accounts.ts';

/** Changes the Active/Suspended switch, the display name or the caps (null = the default). */
export async function updateAccount({ id, changes }: { id: string; changes: UpdateAccountRequest }) {
  const { account } = await unwrap(api.accounts[':id'].$patch({ param: { id }, json: changes }));
  return account;
}

/** The screen shows a pending switch position itself (from the mutation's variables); the answer replaces the row. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAccount, onSuccess: (account) => storeAccount(queryClient, account) });
}
