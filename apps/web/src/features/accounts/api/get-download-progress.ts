import { ACCOUNT_TIMINGS, ZDownloadProgressResponse } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys } from './query-keys.ts';
import { requestJson } from './request.ts';

/** How many emails the account holds so far, and its sync state. */
export function getDownloadProgress(accountId: string) {
  return requestJson(`/accounts/${encodeURIComponent(accountId)}/download-progress`, ZDownloadProgressResponse);
}

export const downloadProgressQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.downloadProgress(accountId),
    queryFn: () => getDownloadProgress(accountId),
    staleTime: 0,
  });

/** Polled every 3 s (spec) while `downloading`; idle otherwise. */
export function useDownloadProgress(accountId: string, downloading: boolean) {
  return useQuery({
    ...downloadProgressQueryOptions(accountId),
    enabled: downloading,
    refetchInterval: downloading ? ACCOUNT_TIMINGS.downloadCounterPollMs : false,
    refetchIntervalInBackground: false,
  });
}
