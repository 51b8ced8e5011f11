import type { MicrosoftExchangeRequest, MicrosoftExchangeResponse } from '@penman/contract';
import { api, unwrap } from '@/lib/api-client.ts';

/**
 * Hands Microsoft's one-time code to the server, which checks the state, redeems the code with the PKCE
 * verifier, signs in to the mailbox over IMAP (XOAUTH2) and saves the account with the refresh token
 * encrypted: the browser never sees a token.
 */
export function exchangeMicrosoftCode(input: MicrosoftExchangeRequest): Promise<MicrosoftExchangeResponse> {
  return unwrap(api.microsoft.exchange.$post({ json: input }));
}
