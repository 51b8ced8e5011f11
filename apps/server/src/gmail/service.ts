import {
  ACCOUNT_MESSAGES,
  type EmailAccount,
  GMAIL_CALLBACK_MESSAGES,
  GMAIL_STATE_TTL_MS,
  type GmailExchangeRequest,
  type GmailStartResponse,
} from '@penman/contract';
import { getAccount, gmailMailboxIdentity, saveOAuthAccount } from '../accounts/service.ts';
import type { SecretBox, Signer } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { createGmailApi, createOAuthClient, GMAIL_COMPOSE_SCOPE, GMAIL_READONLY_SCOPE, type GoogleConfig } from '../platform/google.ts';
import { logger } from '../platform/logger.ts';
import { createOAuthState, verifyOAuthState } from '../platform/oauth-state.ts';

/** Where Google sends the browser back: the popup page that finishes the connection. */
export const GMAIL_CALLBACK_PATH = '/gmail-callback';

type GmailDeps = { google: GoogleConfig | null; signer: Signer };

/** The operator's OAuth client id, or null when Gmail is not configured (both id and secret are needed). */
export function getClientId({ google }: Pick<GmailDeps, 'google'>): string | null {
  return google?.clientId ?? null;
}

function requireGoogle(google: GoogleConfig | null): GoogleConfig {
  if (!google) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.noClientId);
  return google;
}

const STATE_PURPOSE = 'gmail-oauth-state';

export function createState({ signer, userId, email, now }: { signer: Signer; userId: string; email: string; now?: number }) {
  return createOAuthState({
    signer,
    purpose: STATE_PURPOSE,
    userId,
    email,
    ttlMs: GMAIL_STATE_TTL_MS,
    ...(now === undefined ? {} : { now }),
  });
}

/** The state's email when the state is this user's, unaltered and unexpired; else null. */
export function verifyState({ signer, userId, state, now }: { signer: Signer; userId: string; state: string; now?: number }) {
  return verifyOAuthState({ signer, purpose: STATE_PURPOSE, userId, state, ...(now === undefined ? {} : { now }) })?.email ?? null;
}

/** Starts a Gmail connection: the signed state and Google's consent URL (read-only, offline, consent forced). */
export function startGmailAuth({
  google,
  signer,
  userId,
  publicUrl,
  emailAddress,
}: GmailDeps & { userId: string; publicUrl: string; emailAddress: string }): GmailStartResponse {
  const config = requireGoogle(google);
  const state = createState({ signer, userId, email: emailAddress.trim().toLowerCase() });
  const authUrl = createOAuthClient(config, `${publicUrl}${GMAIL_CALLBACK_PATH}`).generateAuthUrl({
    response_type: 'code',
    // Compose too (issue 20): saving approved replies to Drafts and sending them. Asked at connect
    // time, the simplest correct version of asking when drafting is turned on.
    scope: [GMAIL_READONLY_SCOPE, GMAIL_COMPOSE_SCOPE],
    access_type: 'offline',
    prompt: 'consent',
    state,
  });
  return { state, authUrl };
}

function isCallbackUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === GMAIL_CALLBACK_PATH && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * Finishes a Gmail connection on the server: checks the state, exchanges the code for tokens, reads
 * the mailbox's address, and saves the account with the refresh token encrypted (a reconnection of
 * the same address replaces the token). The token never leaves the server and is never logged.
 */
export async function exchangeGmailCode({
  db,
  google,
  signer,
  secretBox,
  userId,
  input,
}: GmailDeps & { db: Db; secretBox: SecretBox; userId: string; input: GmailExchangeRequest }): Promise<{
  account: EmailAccount;
  email: string;
}> {
  const config = requireGoogle(google);
  const stateEmail = verifyState({ signer, userId, state: input.state });
  if (!stateEmail) throw new AppError('BAD_REQUEST', GMAIL_CALLBACK_MESSAGES.invalidState);
  if (!isCallbackUri(input.redirectUri)) throw new AppError('BAD_REQUEST', GMAIL_CALLBACK_MESSAGES.exchangeFailed);

  const client = createOAuthClient(config, input.redirectUri);
  let tokens: { refresh_token?: string | null; access_token?: string | null; scope?: string | null };
  try {
    tokens = (await client.getToken({ code: input.code, redirect_uri: input.redirectUri })).tokens;
  } catch (error) {
    const e = error as { response?: { status?: number; data?: { error?: unknown } } };
    // Status and Google's error code only: the failed request carries the code and the client secret.
    logger.warn({ userId, status: e.response?.status, reason: e.response?.data?.error }, 'gmail code exchange failed');
    throw new AppError('BAD_REQUEST', GMAIL_CALLBACK_MESSAGES.exchangeFailed);
  }
  const refreshToken = tokens.refresh_token;
  if (!refreshToken) throw new AppError('BAD_REQUEST', GMAIL_CALLBACK_MESSAGES.noRefreshToken);

  client.setCredentials({ access_token: tokens.access_token ?? null, refresh_token: refreshToken });
  const profile = await profileAddress(config, client);
  const email = (profile ?? stateEmail).trim().toLowerCase();
  const encryptedRefreshToken = secretBox.encrypt(refreshToken);
  // What Google granted (the user may untick compose): delivery asks to reconnect without it.
  const grantedScopes = (tokens.scope ?? GMAIL_READONLY_SCOPE).split(/\s+/).filter(Boolean);

  // Only Google's own answer names the mailbox: the address typed for the consent proves nothing.
  const mailboxIdentity = profile ? gmailMailboxIdentity(profile) : null;
  const accountId = await saveOAuthAccount({
    db,
    userId,
    provider: 'gmail',
    emailAddress: email,
    encryptedRefreshToken,
    grantedScopes,
    mailboxIdentity,
  });
  return { account: await getAccount({ db, userId, accountId }), email };
}

/** The mailbox's own address (users.getProfile); null when Google does not answer. */
async function profileAddress(config: GoogleConfig, client: ReturnType<typeof createOAuthClient>): Promise<string | null> {
  try {
    const { data } = await createGmailApi(config, client).users.getProfile({ userId: 'me' });
    return data.emailAddress || null;
  } catch (error) {
    logger.warn({ status: (error as { response?: { status?: number } }).response?.status }, 'gmail profile lookup failed');
    return null;
  }
}
