import type { UpdateCredentialsRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { storeAccount } from './get-accounts.ts';

/** Reconnects an IMAP account with a new password; the server logs in before saving it. */
export async function updateCredentials({ id, credentials }: { id: string; credentials: UpdateCredentialsRequest }) {
  const { account } = await unwrap(api.accounts[':id'].credentials.$put({ param: { id }, json: credentials }));
  return account;
}

export function useUpdateCredentials() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCredentials, onSuccess: (account) => storeAccount(queryClient, account) });
}
