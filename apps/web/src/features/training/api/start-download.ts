import type { TrainingDownloadRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** training-download-emails: starts the download of the range as a background job; answers its session. */
export function startDownload({ accountId, range }: { accountId: string; range: TrainingDownloadRequest }) {
  return unwrap(api.accounts[':id'].training.download.$post({ param: { id: accountId }, json: range }));
}

/** Not retried: the first call may have started the download even if its answer was lost. */
export function useStartDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDownload,
    retry: false,
    onSuccess: (_answer, { accountId }) => queryClient.invalidateQueries({ queryKey: trainingKeys.account(accountId) }),
  });
}
