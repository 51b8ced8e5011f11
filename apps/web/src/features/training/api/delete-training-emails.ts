import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** Delete All Training Emails: removes the account's training emails and resets its counters; answers how many went. */
export async function deleteTrainingEmails(accountId: string): Promise<number> {
  const { emailsDeleted } = await unwrap(api.accounts[':id'].training.emails.$delete({ param: { id: accountId } }));
  return emailsDeleted;
}

export function useDeleteTrainingEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrainingEmails,
    onSuccess: (_deleted, accountId) => queryClient.invalidateQueries({ queryKey: trainingKeys.account(accountId) }),
  });
}
