import { ZAccountActionResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { requestJson } from './request.ts';

/** Starts a failed, paused or stopped initialization again. Answers the server's message and the account. */
export function retryInitialization(id: string) {
  return requestJson(`/accounts/${encodeURIComponent(id)}/retry`, ZAccountActionResponse, { method: 'POST' });
}

/** Not retried: the first call may have queued the jobs even if its answer was lost. */
export function useRetryInitialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryInitialization,
    retry: false,
    onSuccess: ({ account }) => storeAccount(queryClient, account),
  });
}
