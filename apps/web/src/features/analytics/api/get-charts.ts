import type { AnalyticsChartsResponse, ChartGranularity } from '@penman/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { analyticsKeys } from './query-keys.ts';

/** Volume, weekday x hour and response-time charts of one account, or of all of them (null). */
export function getCharts(accountId: string | null, granularity: ChartGranularity): Promise<AnalyticsChartsResponse> {
  const query = { granularity };
  return accountId
    ? unwrap(api.accounts[':id'].analytics.charts.$get({ param: { id: accountId }, query }))
    : unwrap(api.analytics.charts.$get({ query }));
}

export const chartsQueryOptions = (accountId: string | null, granularity: ChartGranularity) =>
  queryOptions({
    queryKey: analyticsKeys.charts(accountId, granularity),
    queryFn: () => getCharts(accountId, granularity),
    // Switching day/week keeps the old chart on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useCharts(accountId: string | null, granularity: ChartGranularity) {
  return useQuery(chartsQueryOptions(accountId, granularity));
}
