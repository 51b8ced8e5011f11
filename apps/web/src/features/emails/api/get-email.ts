import type { EmailDetail } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { emailKeys } from './query-keys.ts';

/** One email in full: headers, attachments and both bodies (the HTML unsanitized). */
export async function getEmail(emailId: string, signal?: AbortSignal): Promise<EmailDetail> {
  const { email } = await unwrap(api.emails[':id'].$get({ param: { id: emailId } }, { init: { signal } }));
  return email;
}

const emailQueryOptions = (emailId: string) =>
  queryOptions({ queryKey: emailKeys.detail(emailId), queryFn: ({ signal }) => getEmail(emailId, signal) });

export function useEmail(emailId: string) {
  return useQuery(emailQueryOptions(emailId));
}
