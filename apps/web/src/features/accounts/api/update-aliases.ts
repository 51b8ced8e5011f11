import type { UpdateAliasesRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { storeAccount } from './get-accounts.ts';

/**
 * Saves the account's other addresses (the whole list) and the proposals dismissed; when the list
 * changed, the server recounts the account's mail as a job whose progress comes with the account.
 */
export async function updateAliases({ id, changes }: { id: string; changes: UpdateAliasesRequest }) {
  const { account } = await unwrap(api.accounts[':id'].aliases.$put({ param: { id }, json: changes }));
  return account;
}

export function useUpdateAliases() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAliases, onSuccess: (account) => storeAccount(queryClient, account) });
}
