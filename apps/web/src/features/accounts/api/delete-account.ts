import { ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from './query-keys.ts';

/** Deletes an account and everything stored for it; the server wants the typed confirmation too. Answers 204. */
export async function deleteAccount(id: string): Promise<void> {
  // Not `unwrap`: a 204 has no JSON body to read.
  const response = await api.accounts[':id']
    .$delete({ param: { id }, json: { confirmation: ACCOUNT_MESSAGES.deleteConfirmation } })
    .catch((error: unknown) => {
      throw networkError(error);
    });
  if (!response.ok) throw await parseApiError(response);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    retry: false,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<EmailAccount[]>(accountKeys.list(), (accounts) => accounts?.filter((account) => account.id !== id));
      queryClient.removeQueries({ queryKey: accountKeys.downloadProgress(id) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: SIDEBAR_COUNTS_PREFIX });
    },
  });
}
