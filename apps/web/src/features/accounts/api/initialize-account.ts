import { ZAccountActionResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { requestJson } from './request.ts';

/** Starts initialization (download, contacts, style, done) as background jobs. Answers the server's message and the account. */
export function initializeAccount(id: string) {
  return requestJson(`/accounts/${encodeURIComponent(id)}/initialize`, ZAccountActionResponse, { method: 'POST' });
}

/** Not retried: the first call may have queued the jobs even if its answer was lost. */
export function useInitializeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeAccount,
    retry: false,
    onSuccess: ({ account }) => storeAccount(queryClient, account),
  });
}
