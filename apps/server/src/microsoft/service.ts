import {
  type EmailAccount,
  GMAIL_STATE_TTL_MS,
  MICROSOFT_CALLBACK_PATH,
  MICROSOFT_MESSAGES,
  type MicrosoftExchangeRequest,
  type MicrosoftStartResponse,
} from '@penman/contract';
import { getAccount, imapMailboxIdentity, saveOAuthAccount } from '../accounts/service.ts';
import { checkImapTokenLogin, MailError } from '../mail/service.ts';
import type { SecretBox, Signer } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { MicrosoftGrantError, type MicrosoftMail, type MicrosoftTokenSet } from '../platform/microsoft.ts';
import { createOAuthState, verifyOAuthState } from '../platform/oauth-state.ts';

// Microsoft 365 and Outlook.com (issue 22): the connect flow (authorization code with PKCE, the
// refresh token encrypted at rest, a real IMAP XOAUTH2 login before the account is saved). The
// access tokens the sync, the watcher and delivery use are in tokens.ts (built by deps.ts).

const STATE_PURPOSE = 'microsoft-oauth-state';

/** What the connect flow signs with: the state, and the PKCE verifier derived from the state's random part. */
export type MicrosoftSigners = { stateSigner: Signer; verifierSigner: Signer };
type ConnectDeps = MicrosoftSigners & { microsoft: MicrosoftMail | null };

/** The operator's application (client) id, or null when Microsoft is not configured. */
export function getClientId({ microsoft }: Pick<ConnectDeps, 'microsoft'>): string | null {
  return microsoft?.oauth.config.clientId ?? null;
}

function requireMicrosoft(microsoft: MicrosoftMail | null): MicrosoftMail {
  if (!microsoft) throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.notConfigured);
  return microsoft;
}

/**
 * The PKCE code verifier of a consent: an HMAC of the state's signed random part, so nothing is
 * stored between start and exchange and only this server can compute it (43 base64url characters,
 * RFC 7636's minimum length, from 256 bits).
 */
function codeVerifierOf(verifierSigner: Signer, random: string): string {
  return verifierSigner.sign(random);
}

/** Starts a Microsoft connection: the signed state and Microsoft's sign-in URL (S256 challenge, the address as login hint). */
export async function startMicrosoftAuth({
  microsoft,
  stateSigner,
  verifierSigner,
  userId,
  publicUrl,
  emailAddress,
}: ConnectDeps & { userId: string; publicUrl: string; emailAddress: string }): Promise<MicrosoftStartResponse> {
  const { oauth } = requireMicrosoft(microsoft);
  const email = emailAddress.trim().toLowerCase();
  const state = createOAuthState({ signer: stateSigner, purpose: STATE_PURPOSE, userId, email, ttlMs: GMAIL_STATE_TTL_MS });
  const random = verifyOAuthState({ signer: stateSigner, purpose: STATE_PURPOSE, userId, state })!.random;
  let authUrl: string;
  try {
    authUrl = await oauth.authorizationUrl({
      redirectUri: `${publicUrl}${MICROSOFT_CALLBACK_PATH}`,
      state,
      codeVerifier: codeVerifierOf(verifierSigner, random),
      loginHint: email,
    });
  } catch (error) {
    // Discovery failed (Microsoft unreachable, a wrong MICROSOFT_TENANT or MICROSOFT_AUTHORITY).
    logger.warn({ userId, reason: error instanceof Error ? error.message : String(error) }, 'microsoft discovery failed');
    throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.processFailed);
  }
  return { state, authUrl };
}

function isCallbackUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === MICROSOFT_CALLBACK_PATH && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * Finishes a Microsoft connection on the server: checks the state and the redirect URI, redeems the
 * code with the PKCE verifier, reads the mailbox address from the id_token, logs in to Microsoft's
 * IMAP server with XOAUTH2, and only then saves the account (a reconnection of the same address
 * replaces the token). Tokens never leave the server and are never logged.
 */
export async function exchangeMicrosoftCode({
  db,
  microsoft,
  stateSigner,
  verifierSigner,
  secretBox,
  imapCa,
  userId,
  input,
}: ConnectDeps & {
  db: Db;
  secretBox: SecretBox;
  imapCa?: string | undefined;
  userId: string;
  input: MicrosoftExchangeRequest;
}): Promise<{ account: EmailAccount; email: string }> {
  const mail = requireMicrosoft(microsoft);
  const verified = verifyOAuthState({ signer: stateSigner, purpose: STATE_PURPOSE, userId, state: input.state });
  if (!verified) throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.invalidState);
  if (!isCallbackUri(input.redirectUri)) throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.exchangeFailed);

  let tokens: MicrosoftTokenSet & { address: string | null };
  try {
    tokens = await mail.oauth.exchangeCode({
      redirectUri: input.redirectUri,
      code: input.code,
      state: input.state,
      codeVerifier: codeVerifierOf(verifierSigner, verified.random),
    });
  } catch (error) {
    // Microsoft's error code and status only: the request carried the code, the verifier and the client secret.
    const reason = error instanceof MicrosoftGrantError ? error.error : error instanceof Error ? error.name : 'unknown';
    logger.warn(
      { userId, status: error instanceof MicrosoftGrantError ? error.status : undefined, reason },
      'microsoft code exchange failed',
    );
    throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.exchangeFailed);
  }
  if (!tokens.refreshToken) throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.noRefreshToken);
  const email = (tokens.address ?? verified.email).trim().toLowerCase();
  const { imap } = mail.oauth.config;

  try {
    await checkImapTokenLogin({ settings: { ...imap, user: email }, accessToken: tokens.accessToken, imapCa });
  } catch (error) {
    if (error instanceof MailError && error.code === 'AUTH') throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.imapDisabled);
    logger.warn({ userId, host: imap.host, reason: error instanceof Error ? error.message : String(error) }, 'microsoft imap login failed');
    throw new AppError('BAD_REQUEST', MICROSOFT_MESSAGES.processFailed);
  }

  const encryptedRefreshToken = secretBox.encrypt(tokens.refreshToken);
  const accountId = await saveOAuthAccount({
    db,
    userId,
    provider: 'outlook',
    emailAddress: email,
    encryptedRefreshToken,
    grantedScopes: tokens.scopes,
    server: imap,
    // The Microsoft server accepted this token for this mailbox login just above.
    mailboxIdentity: imapMailboxIdentity({ host: imap.host, port: imap.port, user: email }),
  });
  mail.remember(accountId, encryptedRefreshToken, tokens);
  return { account: await getAccount({ db, userId, accountId }), email };
}
