import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { type DraftFilters, draftsKeys } from './query-keys.ts';

/** Drafts per page of the queue. */
const DRAFTS_PAGE_SIZE = 25;

/** One page of pending drafts, newest first; `cursor` is the previous page's `nextCursor`. */
export function getDrafts(filters: DraftFilters, cursor: string | undefined, signal?: AbortSignal) {
  const query = {
    limit: String(DRAFTS_PAGE_SIZE),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.needsReview ? { needsReview: 'true' as const } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return unwrap(api.drafts.$get({ query }, { init: { signal } }));
}

export const draftsQueryOptions = (filters: DraftFilters) =>
  infiniteQueryOptions({
    queryKey: draftsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getDrafts(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The queue, page by page ("Load more"); read again on every visit and on every draft event. */
export function useDrafts(filters: DraftFilters) {
  return useInfiniteQuery({ ...draftsQueryOptions(filters), staleTime: 0 });
}
