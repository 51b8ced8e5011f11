import type { GmailStartResponse } from '@penman/contract';
import { api, unwrap } from '@/lib/api-client.ts';

/**
 * The consent's `state` (the email plus a one-time nonce the server checks on return) and Google's
 * consent URL for it (read-only scope, offline access, consent forced, redirect to /gmail-callback).
 */
export function startGmailAuth(emailAddress: string): Promise<GmailStartResponse> {
  return unwrap(api.gmail.start.$post({ json: { emailAddress } }));
}
