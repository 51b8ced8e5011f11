import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { requestJson } from '@/lib/request-json.ts';
import { draftsKeys } from './query-keys.ts';

const ZDraftCountsResponse = z.object({ pending: z.number().int(), needsReview: z.number().int() });
export type DraftCounts = z.infer<typeof ZDraftCountsResponse>;

/** Pending drafts over all accounts, and how many of them are flagged for review. */
export function getDraftCounts(signal?: AbortSignal): Promise<DraftCounts> {
  return requestJson('/drafts/counts', ZDraftCountsResponse, { signal });
}

export const draftCountsQueryOptions = () =>
  queryOptions({ queryKey: draftsKeys.counts(), queryFn: ({ signal }) => getDraftCounts(signal) });

export function useDraftCounts() {
  return useQuery(draftCountsQueryOptions());
}
