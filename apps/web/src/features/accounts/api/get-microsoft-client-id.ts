import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** The operator's Microsoft app (client id), or null when Microsoft 365 / Outlook is not configured. */
export async function getMicrosoftClientId(): Promise<string | null> {
  const { clientId } = await unwrap(api.microsoft['client-id'].$get());
  return clientId || null;
}

const microsoftClientIdQueryOptions = () => queryOptions({ queryKey: accountKeys.microsoftClientId(), queryFn: getMicrosoftClientId });

/** Whether the server can connect Microsoft mailboxes: the Add dialog says so before any popup is opened. */
export function useMicrosoftClientId() {
  return useQuery(microsoftClientIdQueryOptions());
}
