import type { DashboardStatsResponse } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { overviewKeys } from './query-keys.ts';

/** The four stat cards: accounts, emails synced, knowledge documents and attachments of the user. */
export function getDashboardStats(): Promise<DashboardStatsResponse> {
  return unwrap(api.dashboard.stats.$get());
}

export const dashboardStatsQueryOptions = () => queryOptions({ queryKey: overviewKeys.stats(), queryFn: getDashboardStats });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
