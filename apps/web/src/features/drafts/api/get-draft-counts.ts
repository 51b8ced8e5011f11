import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { draftsKeys } from './query-keys.ts';

/** Pending drafts over all accounts, and how many of them are flagged for review. */
export function getDraftCounts(signal?: AbortSignal) {
  return unwrap(api.drafts.counts.$get(undefined, { init: { signal } }));
}

export const draftCountsQueryOptions = () =>
  queryOptions({ queryKey: draftsKeys.counts(), queryFn: ({ signal }) => getDraftCounts(signal) });

export function useDraftCounts() {
  return useQuery(draftCountsQueryOptions());
}
