import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** The operator's Google OAuth client id, or null when Gmail is not configured. */
export async function getGmailClientId(): Promise<string | null> {
  const { clientId } = await unwrap(api.gmail['client-id'].$get());
  return clientId || null;
}

export const gmailClientIdQueryOptions = () => queryOptions({ queryKey: accountKeys.gmailClientId(), queryFn: getGmailClientId });

/** Whether the server can connect Gmail: the Add dialog says so before any popup is opened. */
export function useGmailClientId() {
  return useQuery(gmailClientIdQueryOptions());
}
