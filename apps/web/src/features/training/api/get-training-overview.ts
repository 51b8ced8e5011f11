import type { TrainingOverview } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { progressPollInterval } from '../components/download-progress-state.ts';
import { trainingKeys } from './query-keys.ts';

/** The Training Data Details counts, the last range, the running (else latest) session and the analysis state. */
export async function getTrainingOverview(accountId: string): Promise<TrainingOverview> {
  const { overview } = await unwrap(api.accounts[':id'].training.$get({ param: { id: accountId } }));
  return overview;
}

export const trainingOverviewQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: trainingKeys.overview(accountId), queryFn: () => getTrainingOverview(accountId), staleTime: 0 });

/** The overview of the selected account, read every 5 s while a download runs and no more once it completed or failed. */
export function useTrainingOverview(accountId: string) {
  return useQuery({
    ...trainingOverviewQueryOptions(accountId),
    refetchInterval: (query) => progressPollInterval(query.state.data),
  });
}
