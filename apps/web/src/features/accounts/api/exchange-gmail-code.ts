import type { GmailExchangeRequest, GmailExchangeResponse } from '@penman/contract';
import { api, unwrap } from '@/lib/api-client.ts';

/**
 * Hands Google's one-time code to the server, which checks the state, exchanges the code, keeps the
 * refresh token encrypted and saves the account: the browser never sees the token.
 */
export function exchangeGmailCode(input: GmailExchangeRequest): Promise<GmailExchangeResponse> {
  return unwrap(api.gmail.exchange.$post({ json: input }));
}
