import type { ActivityEvent } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { overviewKeys } from './query-keys.ts';

/** The Recent Activity card's events, newest first. */
export async function getRecentActivity(): Promise<ActivityEvent[]> {
  const { events } = await unwrap(api.dashboard.activity.$get());
  return events;
}

export const recentActivityQueryOptions = () => queryOptions({ queryKey: overviewKeys.activity(), queryFn: getRecentActivity });

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
