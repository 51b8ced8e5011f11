import type { Draft } from '@penman/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { deliveryInFlight } from '../components/delivery-view.ts';
import { draftsKeys } from './query-keys.ts';

/**
 * While a reply is queued or being delivered, ask again this often: the server's 'draft.updated'
 * event normally tells first; this covers an event lost while the stream reconnects.
 */
const DELIVERY_POLL_MS = 5000;

export async function getDraft(draftId: string, signal?: AbortSignal): Promise<Draft> {
  return (await unwrap(api.drafts[':id'].$get({ param: { id: draftId } }, { init: { signal } }))).draft;
}

/**
 * One draft, kept live: a decided draft stays on the queue's screen and follows its delivery. Fresh
 * until an event invalidates the drafts (`draftsKeys.all`), so showing it costs no request.
 */
export const draftQueryOptions = (draftId: string) =>
  queryOptions({
    queryKey: draftsKeys.detail(draftId),
    queryFn: ({ signal }) => getDraft(draftId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (deliveryInFlight(query.state.data) ? DELIVERY_POLL_MS : false),
  });
