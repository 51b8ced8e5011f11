import { EMAILS_PAGE_SIZE, type ListEmailsResponse } from '@penman/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { type EmailListParams, emailKeys } from './query-keys.ts';

/** One page of the user's mail, newest first, with the exact total. */
export async function getEmails({ accountId, search, offset }: EmailListParams, signal?: AbortSignal): Promise<ListEmailsResponse> {
  const query = {
    ...(accountId ? { accountId } : {}),
    ...(search ? { search } : {}),
    limit: String(EMAILS_PAGE_SIZE),
    offset: String(offset),
  };
  return unwrap(api.emails.$get({ query }, { init: { signal } }));
}

export const emailsQueryOptions = (params: EmailListParams) =>
  queryOptions({
    queryKey: emailKeys.list(params),
    queryFn: ({ signal }) => getEmails(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // A search over mail still being indexed is asked again until its text is searchable.
    refetchInterval: (query) => ((query.state.data?.unindexedCount ?? 0) > 0 ? 2000 : false),
  });

export function useEmails(params: EmailListParams) {
  return useQuery(emailsQueryOptions(params));
}
