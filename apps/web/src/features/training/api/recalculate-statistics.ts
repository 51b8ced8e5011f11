import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** recalculate-email-stats: recounts the account's counters from its stored mail. */
export async function recalculateStatistics(accountId: string): Promise<void> {
  await unwrap(api.accounts[':id'].statistics.recalculate.$post({ param: { id: accountId } }));
}

export function useRecalculateStatistics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recalculateStatistics,
    onSuccess: (_none, accountId) => queryClient.invalidateQueries({ queryKey: trainingKeys.overview(accountId) }),
  });
}
