import { ACCOUNT_MESSAGES, GMAIL_CALLBACK_MESSAGES, GMAIL_STATE_TTL_MS } from '@penman/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSigner } from '../platform/crypto.ts';
import { activityEvents, emailAccounts } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { startGoogleStandIn } from '../test-support/google-stand-in.ts';
import { createState, verifyState } from './service.ts';

const google = await startGoogleStandIn();
const t = await createTestApp(google.env);
const { cookie, user } = await t.signUpAndIn('john@example.com');
const other = await t.signUpAndIn('mallory@example.com');
const REDIRECT_URI = 'http://localhost:3000/gmail-callback';
const signer = createSigner(t.env.APP_SECRET!, 'gmail-oauth-state');
const bare = await createTestApp();
const session = await bare.signUpAndIn('nogmail@example.com');

const start = async (emailAddress = 'John.Lavorato@enron.com', as = cookie) => {
  const response = await t.request('/api/gmail/start', { method: 'POST', cookie: as, json: { emailAddress } });
  expect(response.status).toBe(200);
  return (await response.json()) as { state: string; authUrl: string };
};

/** Follows the consent URL to the stand-in's consent page, as the popup would; returns the code Google hands back. */
async function consent(authUrl: string) {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, origin: back.origin, path: back.pathname };
}

const exchange = (body: { code: string; state: string; redirectUri?: string }, as = cookie) =>
  t.request('/api/gmail/exchange', { method: 'POST', cookie: as, json: { redirectUri: REDIRECT_URI, ...body } });

const tokenRequests = () => google.tokenRequests.length;

const alreadyConnectedBody = (email: string) => ({
  error: { code: 'CONFLICT', message: `${email} is already connected.`, fields: { emailAddress: `${email} is already connected.` } },
});

describe('Gmail connect: client id and consent', () => {
  it('gives the configured client id to signed-in users only', async () => {
    expect(await (await t.request('/api/gmail/client-id', { cookie })).json()).toEqual({ clientId: google.env.GOOGLE_CLIENT_ID });
    expect((await t.request('/api/gmail/client-id')).status).toBe(401);
  });

  it("starts with a state carrying the email and a nonce, and Google's consent URL", async () => {
    const { state, authUrl } = await start();
    const parsed = JSON.parse(state);
    expect(parsed).toEqual({ email: 'john.lavorato@enron.com', nonce: expect.any(String) });
    expect(verifyState({ signer, userId: user.id, state })).toBe('john.lavorato@enron.com');
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: google.env.GOOGLE_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      // Compose too (issue 20): approved replies are saved to Drafts or sent.
      scope: 'https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.compose',
      access_type: 'offline',
      prompt: 'consent',
      state,
    });
  });

  it("refuses a start without an address with the spec's message", async () => {
    const response = await t.request('/api/gmail/start', { method: 'POST', cookie, json: { emailAddress: ' ' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(ACCOUNT_MESSAGES.gmailAddressRequired);
  });
});

describe('Gmail connect: code exchange', () => {
  it("refuses a forged, altered, expired or other user's state before talking to Google", async () => {
    const { state } = await start();
    const { nonce } = JSON.parse(state);
    const before = tokenRequests();
    const expired = createState({ signer, userId: user.id, email: 'john.lavorato@enron.com', now: Date.now() - GMAIL_STATE_TTL_MS - 1000 });
    const forged = createState({
      signer: createSigner('some-other-secret-some-other-secret-00', 'gmail-oauth-state'),
      userId: user.id,
      email: 'x@y.z',
    });
    const othersState = (await start('mallory@enron.com', other.cookie)).state;
    for (const bad of [
      JSON.stringify({ email: 'someone.else@enron.com', nonce }),
      JSON.stringify({ email: 'john.lavorato@enron.com', nonce: `${nonce}x` }),
      JSON.stringify({ email: 'john.lavorato@enron.com' }),
      'not json',
      expired,
      forged,
      othersState,
    ]) {
      const response = await exchange({ code: google.issueCode(), state: bad });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(GMAIL_CALLBACK_MESSAGES.invalidState);
    }
    expect(tokenRequests()).toBe(before);
    expect((await (await t.request('/api/accounts', { cookie })).json()).accounts).toEqual([]);
  });

  it("answers 'Failed to exchange authorization code' when Google refuses the code", async () => {
    const { state } = await start();
    const response = await exchange({ code: '4/not-a-code', state });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(GMAIL_CALLBACK_MESSAGES.exchangeFailed);
    const notCallback = await exchange({ code: google.issueCode(), state, redirectUri: 'https://evil.example.com/steal' });
    expect((await notCallback.json()).error.message).toBe(GMAIL_CALLBACK_MESSAGES.exchangeFailed);
  });

  it("answers 'No refresh token received from Google' and saves nothing", async () => {
    const { state } = await start();
    const response = await exchange({ code: google.issueCode({ withRefreshToken: false }), state });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(GMAIL_CALLBACK_MESSAGES.noRefreshToken);
    expect((await (await t.request('/api/accounts', { cookie })).json()).accounts).toEqual([]);
  });

  let accountId: string;
  it('exchanges the code on the server and saves the account, the refresh token encrypted and never returned', async () => {
    const { authUrl } = await start();
    const back = await consent(authUrl);
    expect(`${back.origin}${back.path}`).toBe(REDIRECT_URI);
    const issuedBefore = new Set(google.refreshTokens);
    const response = await exchange({ code: back.code, state: back.state });
    expect(response.status).toBe(201);
    const text = await response.text();
    const body = JSON.parse(text);
    // The address comes from the mailbox itself (users.getProfile).
    expect(body).toMatchObject({
      email: google.emailAddress,
      account: { emailAddress: google.emailAddress, provider: 'gmail', displayName: google.emailAddress, isActive: true },
    });
    accountId = body.account.id;
    const refreshToken = [...google.refreshTokens].find((token) => !issuedBefore.has(token))!;
    expect(text).not.toContain(refreshToken);
    expect(body.account).not.toHaveProperty('encryptedPassword');
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(row).toMatchObject({ userId: user.id, provider: 'gmail' });
    expect(row!.encryptedPassword).toMatch(/^v1:/);
    // The stand-in's users grant read-only (as before issue 20): delivery asks them to reconnect.
    expect(row!.grantedScopes).toEqual(['https://www.googleapis.com/auth/gmail.readonly']);
    expect((await (await t.request(`/api/accounts/${accountId}/delivery`, { cookie })).json()).canCompose).toBe(false);
    expect(row!.encryptedPassword).not.toContain(refreshToken);
    expect(t.deps.secretBox.decrypt(row!.encryptedPassword!)).toBe(refreshToken);
    // The mailbox Google's profile named for the token, not the address typed for the consent.
    expect(row!.mailboxIdentity).toBe(`gmail ${google.emailAddress}`);
    const activity = await t.deps.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, user.id), eq(activityEvents.emailAccountId, accountId)));
    expect(activity.map((a) => a.kind)).toEqual(['account.connected']);
    // The token went to Google with the exact redirect URI of the consent.
    const codeGrant = google.tokenRequests.findLast((form) => form.get('grant_type') === 'authorization_code');
    expect(codeGrant?.get('code')).toBe(back.code);
    expect(codeGrant?.get('redirect_uri')).toBe(REDIRECT_URI);
  });

  it('reconnecting the same mailbox replaces the token of the same account', async () => {
    await t.deps.db
      .update(emailAccounts)
      .set({ syncState: 'failed', lastSyncError: ACCOUNT_MESSAGES.reconnectNeeded })
      .where(eq(emailAccounts.id, accountId));
    const { authUrl } = await start();
    const back = await consent(authUrl);
    const response = await exchange({ code: back.code, state: back.state });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    expect(account).toMatchObject({ id: accountId, syncState: 'idle', lastSyncError: null });
    const rows = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(google.refreshTokens.has(t.deps.secretBox.decrypt(rows[0]!.encryptedPassword!))).toBe(true);
  });

  it('a reconnection that grants compose stores it: the account can now save drafts and send', async () => {
    google.grantScopes('compose');
    try {
      const { authUrl } = await start();
      const back = await consent(authUrl);
      expect((await exchange({ code: back.code, state: back.state })).status).toBe(201);
      const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
      expect(row!.grantedScopes).toEqual([
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/gmail.compose',
      ]);
      expect((await (await t.request(`/api/accounts/${accountId}/delivery`, { cookie })).json()).canCompose).toBe(true);
    } finally {
      google.grantScopes('read');
    }
  });

  it('a code is good once', async () => {
    const { authUrl } = await start();
    const back = await consent(authUrl);
    expect((await exchange({ code: back.code, state: back.state })).status).toBe(201);
    const again = await exchange({ code: back.code, state: back.state });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe(GMAIL_CALLBACK_MESSAGES.exchangeFailed);
  });
});

describe('Gmail connect: one account per address', () => {
  it('concurrent first connections of one mailbox make one account; those that lose the race get 409', async () => {
    const twin = await t.signUpAndIn('twin@example.com');
    const consents = [];
    for (let i = 0; i < 8; i++) consents.push(await consent((await start('twin@gmail.com', twin.cookie)).authUrl));
    const responses = await Promise.all(consents.map((back) => exchange({ code: back.code, state: back.state }, twin.cookie)));
    const rows = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.userId, twin.user.id));
    expect(rows).toHaveLength(1);
    // A connection that finds the account already saved reconnects it (201); one that inserts at the
    // same moment as another meets the unique index (409).
    for (const response of responses) {
      const body = await response.json();
      if (response.status === 201) expect(body.account.id).toBe(rows[0]!.id);
      else expect({ status: response.status, body }).toEqual({ status: 409, body: alreadyConnectedBody(google.emailAddress) });
    }
  });
});

describe('Gmail not configured', () => {
  it('has no client id, and refuses to start or exchange', async () => {
    expect(await (await bare.request('/api/gmail/client-id', { cookie: session.cookie })).json()).toEqual({ clientId: null });
    const started = await bare.request('/api/gmail/start', {
      method: 'POST',
      cookie: session.cookie,
      json: { emailAddress: 'a@gmail.com' },
    });
    expect(started.status).toBe(400);
    expect((await started.json()).error.message).toBe(ACCOUNT_MESSAGES.noClientId);
    const exchanged = await bare.request('/api/gmail/exchange', {
      method: 'POST',
      cookie: session.cookie,
      json: { code: 'c', state: '{}', redirectUri: REDIRECT_URI },
    });
    expect(exchanged.status).toBe(400);
    expect((await exchanged.json()).error.message).toBe(ACCOUNT_MESSAGES.noClientId);
  });
});
