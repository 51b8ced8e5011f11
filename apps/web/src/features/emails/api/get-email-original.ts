import type { EmailOriginalResponse } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { emailKeys } from './query-keys.ts';

/** "Show original": every header field of the email, fetched from its mailbox by the server. */
export async function getEmailOriginal(emailId: string, signal?: AbortSignal): Promise<EmailOriginalResponse> {
  return unwrap(api.emails[':id'].original.$get({ param: { id: emailId } }, { init: { signal } }));
}

/** Where the raw message downloads from (streamed by the server from the mailbox). */
export const emailOriginalDownloadUrl = (emailId: string) => `/api/emails/${encodeURIComponent(emailId)}/original.eml`;

export function useEmailOriginal(emailId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: emailKeys.original(emailId),
      queryFn: ({ signal }) => getEmailOriginal(emailId, signal),
      enabled,
      // The mailbox is read on each fetch: keep what came back while the dialog is open.
      staleTime: 5 * 60_000,
      retry: false,
    }),
  );
}
