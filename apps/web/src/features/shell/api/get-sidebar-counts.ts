import type { SidebarCountsResponse } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

export const SIDEBAR_COUNTS_QUERY_KEY = ['dashboard', 'sidebar-counts'] as const;

export function getSidebarCounts(): Promise<SidebarCountsResponse> {
  return unwrap(api.dashboard['sidebar-counts'].$get());
}

export const sidebarCountsQueryOptions = () => queryOptions({ queryKey: SIDEBAR_COUNTS_QUERY_KEY, queryFn: getSidebarCounts });

export function useSidebarCounts() {
  return useQuery(sidebarCountsQueryOptions());
}
