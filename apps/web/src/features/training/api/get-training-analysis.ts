import type { TrainingAnalysis } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** The topic analysis of the account's training mail (themes, urgency, sentiment, entities), or null before the first one. */
export async function getTrainingAnalysis(accountId: string): Promise<TrainingAnalysis | null> {
  const { analysis } = await unwrap(api.accounts[':id'].training.analysis.$get({ param: { id: accountId } }));
  return analysis;
}

export const trainingAnalysisQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: trainingKeys.analysis(accountId), queryFn: () => getTrainingAnalysis(accountId) });

export function useTrainingAnalysis(accountId: string | null) {
  return useQuery({ ...trainingAnalysisQueryOptions(accountId ?? ''), enabled: accountId !== null });
}
