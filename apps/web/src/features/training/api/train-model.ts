import type { AnalyzeStyleResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

/** Train Model (analyze-communication-style): builds and stores the style profile, then the topic analysis. */
export function trainModel(accountId: string): Promise<AnalyzeStyleResponse> {
  return unwrap(api.accounts[':id'].style.analyze.$post({ param: { id: accountId } }));
}

/** The stored profile goes straight into the cache; the rest of the account's training data is read again. */
export function useTrainModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trainModel,
    retry: false,
    onSuccess: ({ profile }, accountId) => {
      queryClient.setQueryData(trainingKeys.styleProfile(accountId), profile);
      return queryClient.invalidateQueries({
        queryKey: trainingKeys.account(accountId),
        predicate: (query) => query.queryKey[3] !== 'style-profile',
      });
    },
  });
}
