import { TRAINING_HISTORY_REFRESH_MS, type TrainingSession } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** The 5 most recent sessions of the account, newest first. */
export async function getTrainingSessions(accountId: string): Promise<TrainingSession[]> {
  const { sessions } = await unwrap(api.accounts[':id'].training.sessions.$get({ param: { id: accountId } }));
  return sessions;
}

/** The training history, refreshed every 10 s (spec part 2 section 4). */
export function useTrainingSessions(accountId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: trainingKeys.sessions(accountId ?? ''), queryFn: () => getTrainingSessions(accountId ?? '') }),
    enabled: accountId !== null,
    refetchInterval: TRAINING_HISTORY_REFRESH_MS,
  });
}
