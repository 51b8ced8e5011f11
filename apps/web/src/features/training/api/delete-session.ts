import type { TrainingSession } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';
import { trainingKeys } from './query-keys.ts';

/** Removes one session from the training history. Answers 204. */
export async function deleteSession(session: Pick<TrainingSession, 'id' | 'emailAccountId'>): Promise<void> {
  // Not `unwrap`: a 204 has no JSON body to read.
  const response = await api['training-sessions'][':id'].$delete({ param: { id: session.id } }).catch((error: unknown) => {
    throw networkError(error);
  });
  if (!response.ok) throw await parseApiError(response);
}

/** The session leaves the cached history at once; the account's data is read again. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: (_none, session) => {
      queryClient.setQueryData<TrainingSession[]>(trainingKeys.sessions(session.emailAccountId), (sessions) =>
        sessions?.filter((candidate) => candidate.id !== session.id),
      );
      void queryClient.invalidateQueries({ queryKey: trainingKeys.account(session.emailAccountId) });
    },
  });
}
