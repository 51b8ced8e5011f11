import type { Draft } from '@penman/contract';
import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { awaitsDelivery, deliveryInFlight } from '../components/delivery-view.ts';
import { type DraftFilters, draftsKeys } from './query-keys.ts';

/** The statuses of an approved draft until its reply is delivered ('saved' / 'sent' after). */
const APPROVED_STATUSES = ['approved', 'edited', 'buy_time'] as const;
/** The newest few of each: a long backlog of undelivered replies is an account problem the account card shows. */
const UNDELIVERED_PAGE_SIZE = 25;
/** While one of them is on its way, ask again this often (the server's 'draft.updated' event normally comes first). */
const DELIVERY_POLL_MS = 5000;

function getApprovedDrafts(filters: DraftFilters, status: (typeof APPROVED_STATUSES)[number], signal?: AbortSignal) {
  const query = {
    status,
    limit: String(UNDELIVERED_PAGE_SIZE),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.needsReview ? { needsReview: 'true' as const } : {}),
  };
  return unwrap(api.drafts.$get({ query }, { init: { signal } }));
}

const undelivered = (results: { data: { drafts: Draft[] } | undefined }[]): Draft[] =>
  results.flatMap((result) => result.data?.drafts ?? []).filter(awaitsDelivery);

/**
 * The approved drafts whose reply is still on its way or failed (Retry), so the queue keeps them in
 * sight after a reload until they are delivered. Refreshed with every draft event (under `draftsKeys.all`).
 */
export function useUndeliveredDrafts(filters: DraftFilters): Draft[] {
  return useQueries({
    queries: APPROVED_STATUSES.map((status) => ({
      queryKey: draftsKeys.undelivered(filters, status),
      queryFn: ({ signal }: { signal: AbortSignal }) => getApprovedDrafts(filters, status, signal),
      staleTime: 0,
      refetchInterval: (query: { state: { data: { drafts: Draft[] } | undefined } }) =>
        query.state.data?.drafts.some(deliveryInFlight) ? DELIVERY_POLL_MS : false,
    })),
    combine: undelivered,
  });
}
