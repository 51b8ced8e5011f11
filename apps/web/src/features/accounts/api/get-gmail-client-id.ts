import { api, unwrap } from '@/lib/api-client.ts';

/** The operator's Google OAuth client id, or null when Gmail is not configured. */
export async function getGmailClientId(): Promise<string | null> {
  const { clientId } = await unwrap(api.gmail['client-id'].$get());
  return clientId || null;
}
