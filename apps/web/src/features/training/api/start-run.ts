import type { TrainingRunRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** download-exchange-emails: Build Inbox Contacts (contactsOnlyInbox) or Generate Sent Style Corpus (styleOnlySent). */
export function startRun({ accountId, run }: { accountId: string; run: TrainingRunRequest }) {
  return unwrap(api.accounts[':id'].training.runs.$post({ param: { id: accountId }, json: run }));
}

/** Not retried: the first call may have started the run even if its answer was lost. */
export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    retry: false,
    onSuccess: (_answer, { accountId }) => queryClient.invalidateQueries({ queryKey: trainingKeys.account(accountId) }),
  });
}
