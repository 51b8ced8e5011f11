import type { MicrosoftStartResponse } from '@penman/contract';
import { api, unwrap } from '@/lib/api-client.ts';

/**
 * The sign-in's signed `state` and Microsoft's authorize URL for it (IMAP and SMTP scopes, offline
 * access, the address as login hint, the PKCE S256 challenge, redirect to /microsoft-callback).
 */
export function startMicrosoftAuth(emailAddress: string): Promise<MicrosoftStartResponse> {
  return unwrap(api.microsoft.start.$post({ json: { emailAddress } }));
}
