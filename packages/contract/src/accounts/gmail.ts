import { z } from 'zod';
import { ZEmail } from '../auth/schemas.ts';
import { ZText, ZUrlText } from '../platform/input.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { ZEmailAccount } from './schemas.ts';

/** The /gmail-callback page's messages, word for word from the specification (part 1 section 8). */
export const GMAIL_CALLBACK_MESSAGES = {
  exchangeFailed: 'Failed to exchange authorization code',
  noRefreshToken: 'No refresh token received from Google',
  processFailed: 'Failed to process authentication',
  /** Ours: the state that came back was not issued to this user, was altered, or is over 10 minutes old. */
  invalidState: 'This Gmail sign-in has expired or was not started from this session. Please try again.',
} as const;

/** How long a consent started with POST /api/gmail/start can be completed. */
export const GMAIL_STATE_TTL_MS = 10 * 60 * 1000;

/** The operator's Google OAuth client id; null when Gmail is not configured on this server. */
export const ZGmailClientIdResponse = z.object({ clientId: z.string().nullable() });
export type GmailClientIdResponse = z.infer<typeof ZGmailClientIdResponse>;

export const ZGmailStartRequest = z.object({
  emailAddress: ZText.trim().min(1, ACCOUNT_MESSAGES.gmailAddressRequired).pipe(ZEmail),
});
export type GmailStartRequest = z.infer<typeof ZGmailStartRequest>;

/**
 * `state` is a JSON string `{ email, nonce }`: the consent's state parameter, checked on return
 * (signed for the signed-in user, valid 10 minutes). `authUrl` is Google's consent page for it.
 */
export const ZGmailStartResponse = z.object({ state: z.string().min(1), authUrl: z.string() });
export type GmailStartResponse = z.infer<typeof ZGmailStartResponse>;

/** What /gmail-callback hands to the server: Google's one-time code, the state, and the redirect URI used. */
export const ZGmailExchangeRequest = z.object({
  code: ZText.trim().min(1).max(2048),
  state: ZText.min(1).max(2048),
  redirectUri: ZUrlText.max(2048),
});
export type GmailExchangeRequest = z.infer<typeof ZGmailExchangeRequest>;

/** The connected account and its address. The refresh token stays on the server. */
export const ZGmailExchangeResponse = z.object({ account: ZEmailAccount, email: z.string() });
export type GmailExchangeResponse = z.infer<typeof ZGmailExchangeResponse>;
