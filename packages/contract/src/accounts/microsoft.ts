import { z } from 'zod';
import { ZEmail } from '../auth/schemas.ts';
import { ZText, ZUrlText } from '../platform/input.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import { ZEmailAccount } from './schemas.ts';

/**
 * Microsoft 365 and Outlook.com (issue 22): OAuth 2.0 authorization code with PKCE against the
 * Microsoft identity platform, then IMAP and SMTP with XOAUTH2. Provider `outlook` in the data
 * model; the refresh token is stored encrypted where an IMAP account keeps its password.
 */

/** Where Microsoft sends the browser back: the popup page that finishes the connection. */
export const MICROSOFT_CALLBACK_PATH = '/microsoft-callback';

/** Microsoft's mail servers for every Microsoft 365 and Outlook.com mailbox. */
export const MICROSOFT_MAIL_SERVERS = {
  imap: { host: 'outlook.office365.com', port: 993 },
  smtp: { host: 'smtp.office365.com', port: 587 },
} as const;

/**
 * Scopes asked at consent: mail over IMAP and SMTP (Exchange Online's resource), a refresh token,
 * and the sign-in name (`openid email profile`) to learn which mailbox was chosen.
 */
export const MICROSOFT_SCOPES = [
  'openid',
  'email',
  'profile',
  'offline_access',
  'https://outlook.office.com/IMAP.AccessAsUser.All',
  'https://outlook.office.com/SMTP.Send',
] as const;

/** The /microsoft-callback page's and the connect flow's messages (ours; the spec lists Outlook as coming soon). */
export const MICROSOFT_MESSAGES = {
  notConfigured:
    'Microsoft sign-in is not set up on this server. Ask the person who runs Penman to set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET.',
  exchangeFailed: 'Failed to exchange authorization code',
  noRefreshToken: 'No refresh token received from Microsoft',
  processFailed: 'Failed to process authentication',
  invalidState: 'This Microsoft sign-in has expired or was not started from this session. Please try again.',
  /** Microsoft answered the redirect with an error (the user cancelled, or an admin must consent). */
  consentDenied: 'Microsoft did not grant access. Try again, or ask your administrator to allow Penman for your organisation.',
  /** The token works but the mailbox refuses IMAP (IMAP turned off for the mailbox or the organisation). */
  imapDisabled:
    'Microsoft signed you in, but this mailbox does not allow IMAP access. Ask your administrator to turn on IMAP for it (Exchange admin center, Mailbox features).',
  /** The refresh token was revoked or expired: the account needs a new consent. */
  reconnectNeeded: 'Microsoft no longer accepts Penman for this mailbox. Reconnect it to resume syncing.',
} as const;

/** The operator's Microsoft app (application/client id); null when Microsoft is not configured on this server. */
export const ZMicrosoftClientIdResponse = z.object({ clientId: z.string().nullable() });
export type MicrosoftClientIdResponse = z.infer<typeof ZMicrosoftClientIdResponse>;

/** The address the user means to connect: sent to Microsoft as the login hint. */
export const ZMicrosoftStartRequest = z.object({
  emailAddress: ZText.trim().min(1, ACCOUNT_MESSAGES.fillAllFields).pipe(ZEmail),
});
export type MicrosoftStartRequest = z.infer<typeof ZMicrosoftStartRequest>;

/**
 * `state` is signed for the signed-in user and valid 10 minutes (GMAIL_STATE_TTL_MS); the PKCE
 * verifier is derived from it on the server, so nothing is stored between start and exchange.
 * `authUrl` is Microsoft's sign-in page with the S256 code challenge.
 */
export const ZMicrosoftStartResponse = z.object({ state: z.string().min(1), authUrl: z.string() });
export type MicrosoftStartResponse = z.infer<typeof ZMicrosoftStartResponse>;

/** What /microsoft-callback hands to the server: the one-time code, the state, and the redirect URI used. */
export const ZMicrosoftExchangeRequest = z.object({
  code: ZText.trim().min(1).max(4096),
  state: ZText.min(1).max(2048),
  redirectUri: ZUrlText.max(2048),
});
export type MicrosoftExchangeRequest = z.infer<typeof ZMicrosoftExchangeRequest>;

/** The connected account (after a real IMAP XOAUTH2 login) and its address. Tokens stay on the server. */
export const ZMicrosoftExchangeResponse = z.object({ account: ZEmailAccount, email: z.string() });
export type MicrosoftExchangeResponse = z.infer<typeof ZMicrosoftExchangeResponse>;
