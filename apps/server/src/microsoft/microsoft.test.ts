import fs from 'node:fs';
import { Writable } from 'node:stream';
import { DELIVERY_MESSAGES, MICROSOFT_MESSAGES } from '@penman/contract';
import { and, eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { deliverDraft } from '../delivery/service.ts';
import { composeDraftForEmail } from '../drafts/service.ts';
import { runSync, startNewMailWatcher } from '../mail/service.ts';
import { sendPendingNotificationEmails } from '../notifications/email.ts';
import { notify } from '../notifications/service.ts';
import { draftDeliveries, emailAccounts, emails } from '../platform/db/schema/index.ts';
import { logger } from '../platform/logger.ts';
import { createTestApp } from '../test-support/app.ts';
import { openTestMailbox, startDovecot } from '../test-support/dovecot.ts';
import { appendToInbox, personalMail, storeIncomingQuestion, waitFor } from '../test-support/drafting.ts';
import { startMicrosoftStandIn } from '../test-support/microsoft-stand-in.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';

// Microsoft 365 / Outlook.com (issue 22) end to end, real everything except Microsoft: the
// identity platform is the stand-in (openid-client talks to it over HTTP), Dovecot checks the
// XOAUTH2 bearer tokens with the stand-in's introspection, and the SMTP sink does the same.

const standIn = await startMicrosoftStandIn();
const dovecot = await startDovecot({ oauth2IntrospectionUrl: standIn.introspectionUrl });
const sink = await startSmtpSink({ oauth2IntrospectionUrl: standIn.introspectionUrl });
const ca = fs.readFileSync(dovecot.caFile, 'utf8');
const t = await createTestApp(
  {
    MICROSOFT_CLIENT_ID: standIn.clientId,
    MICROSOFT_CLIENT_SECRET: standIn.clientSecret,
    MICROSOFT_AUTHORITY: standIn.url,
    MICROSOFT_IMAP_HOST: 'localhost',
    // The STARTTLS port (only 993 means implicit TLS to the connector).
    MICROSOFT_IMAP_PORT: String(dovecot.imapPort),
    MICROSOFT_SMTP_HOST: 'localhost',
    MICROSOFT_SMTP_PORT: String(sink.port),
  },
  { imapCa: ca },
);
const megan = await t.signUpAndIn('megan@example.com');
const other = await t.signUpAndIn('mallory@example.com');
const { db } = t.deps;
afterAll(async () => {
  await dovecot.stop();
  await standIn.close();
});

const REDIRECT_URI = 'http://localhost:3000/microsoft-callback';

const SEEDED = [1, 2, 3].map((n) =>
  personalMail({
    from: 'Carol Client <carol@client.test>',
    to: 'megan@contoso.example',
    subject: `Quarterly numbers ${n}`,
    body: `Hi Megan,\n\nPart ${n} of the numbers.\n\nCarol`,
    messageId: `seeded-${n}@client.test`,
    date: new Date(Date.UTC(2026, 10, n)),
  }),
);
dovecot.addUser('megan', 'megan-pw');
dovecot.seed(
  'megan',
  'INBOX',
  SEEDED.map((raw, n) => ({ raw, date: new Date(Date.UTC(2026, 10, n + 1)) })),
);

async function start(emailAddress: string, as = megan.cookie) {
  const response = await t.request('/api/microsoft/start', { method: 'POST', cookie: as, json: { emailAddress } });
  expect(response.status).toBe(200);
  return (await response.json()) as { state: string; authUrl: string };
}

/** Follows the sign-in URL as the popup would; the stand-in consents and redirects back with a code. */
async function authorize(authUrl: string) {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: back.searchParams.get('error'), back };
}

const exchange = (body: { code: string; state: string; redirectUri?: string }, as = megan.cookie) =>
  t.request('/api/microsoft/exchange', { method: 'POST', cookie: as, json: { redirectUri: REDIRECT_URI, ...body } });

async function connect(emailAddress: string) {
  const { authUrl } = await start(emailAddress);
  const { code, state } = await authorize(authUrl);
  const response = await exchange({ code: code!, state: state! });
  expect(response.status).toBe(201);
  return (await response.json()) as { account: { id: string; provider: string; emailAddress: string }; email: string };
}

async function accountRow(accountId: string) {
  const [row] = await db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
  return row!;
}

/** Runs `work` with the server's logger writing every level into a buffer; answers what it wrote. */
async function capturingLogs(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const target = logger as unknown as Record<symbol, unknown>;
  const previousStream = target[pino.symbols.streamSym];
  const previousLevel = logger.level;
  target[pino.symbols.streamSym] = sink;
  logger.level = 'trace';
  try {
    await work();
  } finally {
    logger.level = previousLevel;
    target[pino.symbols.streamSym] = previousStream;
  }
  return lines.join('');
}

let meganAccount = '';

describe('Microsoft connect: start, sign-in, exchange', () => {
  it('gives the configured client id to signed-in users only', async () => {
    expect(await (await t.request('/api/microsoft/client-id', { cookie: megan.cookie })).json()).toEqual({ clientId: standIn.clientId });
    expect((await t.request('/api/microsoft/client-id')).status).toBe(401);
  });

  it("starts with a signed state and Microsoft's sign-in URL with an S256 challenge and the address as hint", async () => {
    const { state, authUrl } = await start('Megan@Contoso.example');
    expect(JSON.parse(state).email).toBe('megan@contoso.example');
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/common/oauth2/v2.0/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: standIn.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      code_challenge_method: 'S256',
      login_hint: 'megan@contoso.example',
      state,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'offline_access',
        'https://outlook.office.com/IMAP.AccessAsUser.All',
        'https://outlook.office.com/SMTP.Send',
      ]),
    );
  });

  it('connects the mailbox the id_token names after a real IMAP XOAUTH2 login, the refresh token encrypted', async () => {
    // The user picks megan's account in Microsoft's account picker although the hint said another address.
    standIn.chooseAccount('megan@contoso.example');
    const introspectionsBefore = standIn.introspections.length;
    const { authUrl } = await start('megan.b@contoso.example');
    const { code, state } = await authorize(authUrl);
    const response = await exchange({ code: code!, state: state! });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.email).toBe('megan@contoso.example');
    expect(body.account).toMatchObject({ provider: 'outlook', emailAddress: 'megan@contoso.example' });
    expect(JSON.stringify(body)).not.toContain('stand-in');
    meganAccount = body.account.id;

    // Dovecot asked the stand-in about the bearer token: the login was XOAUTH2, and it succeeded.
    expect(standIn.introspections.slice(introspectionsBefore)).toEqual(['megan@contoso.example']);
    const row = await accountRow(meganAccount);
    expect(row).toMatchObject({
      provider: 'outlook',
      serverUrl: 'localhost',
      port: dovecot.imapPort,
      userId: megan.user.id,
      // The server and login that accepted the token.
      mailboxIdentity: `imap localhost:${dovecot.imapPort} megan@contoso.example`,
    });
    expect(row.encryptedPassword).not.toContain('stand-in');
    expect(t.deps.secretBox.decrypt(row.encryptedPassword!)).toBe(standIn.refreshTokensOf('megan@contoso.example').at(-1));
    expect(row.grantedScopes).toEqual(expect.arrayContaining(['https://outlook.office.com/IMAP.AccessAsUser.All']));
  });

  it('refuses a signature that is not ours, another user’s state, and a redirect URI that is not the callback page', async () => {
    const { state, authUrl } = await start('megan@contoso.example');
    const { code } = await authorize(authUrl);
    const tampered = JSON.stringify({ ...JSON.parse(state), email: 'someone@contoso.example' });
    const forged = await exchange({ code: code!, state: tampered });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe(MICROSOFT_MESSAGES.invalidState);
    const foreign = await exchange({ code: code!, state }, other.cookie);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.message).toBe(MICROSOFT_MESSAGES.invalidState);
    const elsewhere = await exchange({ code: code!, state, redirectUri: 'http://localhost:3000/somewhere-else' });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.message).toBe(MICROSOFT_MESSAGES.exchangeFailed);
  });

  it('refuses a redirect URI other than the one signed in with, a replayed code, and a verifier of another sign-in (PKCE)', async () => {
    const first = await start('megan@contoso.example');
    const firstBack = await authorize(first.authUrl);
    const wrongOrigin = await exchange({
      code: firstBack.code!,
      state: first.state,
      redirectUri: 'http://evil.example/microsoft-callback',
    });
    expect(wrongOrigin.status).toBe(400);
    expect((await wrongOrigin.json()).error.message).toBe(MICROSOFT_MESSAGES.exchangeFailed);
    expect(standIn.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', error: 'invalid_grant' });

    const second = await start('megan@contoso.example');
    const secondBack = await authorize(second.authUrl);
    expect((await exchange({ code: secondBack.code!, state: second.state })).status).toBe(201);
    const replayed = await exchange({ code: secondBack.code!, state: second.state });
    expect(replayed.status).toBe(400);
    expect((await replayed.json()).error.message).toBe(MICROSOFT_MESSAGES.exchangeFailed);

    // Both states are valid for this user, but the verifier derived from the second is not the
    // one whose challenge the first sign-in sent.
    const third = await start('megan@contoso.example');
    const fourth = await start('megan@contoso.example');
    const thirdBack = await authorize(third.authUrl);
    const mismatch = await exchange({ code: thirdBack.code!, state: fourth.state });
    expect(mismatch.status).toBe(400);
    expect(standIn.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', error: 'invalid_grant' });
  });

  it('a declined consent redirects back with an error and nothing is connected', async () => {
    const { authUrl } = await start('deny-me@contoso.example');
    const back = await authorize(authUrl);
    expect(back.error).toBe('access_denied');
    expect(back.code).toBeNull();
  });

  it('a mailbox whose server refuses the token is not saved: IMAP is not allowed for it', async () => {
    standIn.disableMail('nomail@contoso.example');
    const { authUrl } = await start('nomail@contoso.example');
    const { code, state } = await authorize(authUrl);
    const response = await exchange({ code: code!, state: state! });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(MICROSOFT_MESSAGES.imapDisabled);
    const rows = await db.select().from(emailAccounts).where(eq(emailAccounts.emailAddress, 'nomail@contoso.example'));
    expect(rows).toHaveLength(0);
  });

  it('reconnecting the same address replaces the token; the address on another provider is already connected', async () => {
    const again = await connect('megan@contoso.example');
    expect(again.account.id).toBe(meganAccount);
    const row = await accountRow(meganAccount);
    expect(t.deps.secretBox.decrypt(row.encryptedPassword!)).toBe(standIn.refreshTokensOf('megan@contoso.example').at(-1));

    dovecot.addUser('paul', 'paul-pw');
    const imap = await t.request('/api/accounts', {
      method: 'POST',
      cookie: megan.cookie,
      json: {
        provider: 'exchange',
        emailAddress: 'paul@contoso.example',
        password: 'paul-pw',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
        username: 'paul',
      },
    });
    expect(imap.status).toBe(201);
    const { authUrl } = await start('paul@contoso.example');
    const { code, state } = await authorize(authUrl);
    const conflict = await exchange({ code: code!, state: state! });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.message).toBe('paul@contoso.example is already connected.');
  });

  it('without MICROSOFT_CLIENT_ID the client id is null and a start is refused in words', async () => {
    const bare = await createTestApp();
    const session = await bare.signUpAndIn('nomicrosoft@example.com');
    expect(await (await bare.request('/api/microsoft/client-id', { cookie: session.cookie })).json()).toEqual({ clientId: null });
    const response = await bare.request('/api/microsoft/start', {
      method: 'POST',
      cookie: session.cookie,
      json: { emailAddress: 'megan@contoso.example' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(MICROSOFT_MESSAGES.notConfigured);
  });
});

describe('Microsoft mail: sync, tokens, reconnect state', () => {
  it('a sync downloads the mailbox over IMAP XOAUTH2', async () => {
    const result = await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount });
    expect(result).toMatchObject({ status: 'completed', stored: SEEDED.length });
    const stored = await db.select({ subject: emails.subject }).from(emails).where(eq(emails.emailAccountId, meganAccount));
    expect(stored.map((e) => e.subject).sort()).toEqual(['Quarterly numbers 1', 'Quarterly numbers 2', 'Quarterly numbers 3']);
  });

  it('an access token about to expire is refreshed before use, and the rotated refresh token is stored', async () => {
    // Tokens that live 2 minutes are inside the refresh margin at once: the next use refreshes.
    standIn.setAccessTokenSeconds(120);
    try {
      await connect('megan@contoso.example');
      const refreshesBefore = standIn.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
      const refusedBefore = standIn.introspections.filter((login) => login === null).length;
      const result = await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount });
      expect(result.status).toBe('completed');
      expect(standIn.tokenRequests.filter((r) => r.grantType === 'refresh_token').length).toBe(refreshesBefore + 1);
      // Refreshed before the login, not after a refusal.
      expect(standIn.introspections.filter((login) => login === null).length).toBe(refusedBefore);
      const row = await accountRow(meganAccount);
      const issued = standIn.refreshTokensOf('megan@contoso.example');
      expect(t.deps.secretBox.decrypt(row.encryptedPassword!)).toBe(issued.at(-1));
    } finally {
      standIn.setAccessTokenSeconds(3600);
    }
  });

  it('a token the server refuses although it looked valid is refreshed once and the sync goes on', async () => {
    await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount });
    standIn.expireAccessTokens();
    const refreshesBefore = standIn.tokenRequests.filter((r) => r.grantType === 'refresh_token').length;
    const result = await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount });
    expect(result.status).toBe('completed');
    expect(standIn.tokenRequests.filter((r) => r.grantType === 'refresh_token').length).toBe(refreshesBefore + 1);
  });

  it('logs hold no token during a connect and a refresh', async () => {
    const logs = await capturingLogs(async () => {
      await connect('megan@contoso.example');
      standIn.expireAccessTokens();
      expect((await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount })).status).toBe('completed');
      // A failed exchange logs too: its reason, not the code or the secret.
      const { state, authUrl } = await start('megan@contoso.example');
      const { code } = await authorize(authUrl);
      await exchange({ code: code!, state, redirectUri: 'http://evil.example/microsoft-callback' });
    });
    expect(logs).toContain('microsoft code exchange failed');
    for (const secret of [standIn.clientSecret, ...standIn.refreshTokensOf('megan@contoso.example')]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/EwB-stand-in-|M\.C-stand-in-|M\.C-code-/);
  });
});

describe('Microsoft delivery: SMTP XOAUTH2 and Drafts over IMAP', () => {
  it('the delivery settings show Microsoft’s SMTP server and that no password is needed; SMTP settings cannot be changed', async () => {
    const response = await t.request(`/api/accounts/${meganAccount}/delivery`, { cookie: megan.cookie });
    expect(await response.json()).toEqual({
      mode: 'save_to_drafts',
      smtp: {
        host: 'localhost',
        port: sink.port,
        security: 'starttls',
        username: 'megan@contoso.example',
        usesImapPassword: true,
        saved: true,
      },
      canDeliver: true,
      canCompose: true,
    });
    const put = await t.request(`/api/accounts/${meganAccount}/delivery`, {
      method: 'PUT',
      cookie: megan.cookie,
      json: { smtp: { host: 'localhost', port: sink.port, security: 'starttls', username: 'megan', password: 'x' } },
    });
    expect(put.status).toBe(400);
    expect((await put.json()).error.message).toBe(DELIVERY_MESSAGES.smtpNotForProvider);
  });

  it('Save to Drafts lands in Dovecot’s Drafts folder', async () => {
    const emailId = await storeIncomingQuestion(db, megan.user.id, meganAccount, { recipientEmails: ['megan@contoso.example'] });
    const { draftId } = await composeDraftForEmail({ db, userId: megan.user.id, emailId });
    expect((await t.request(`/api/drafts/${draftId}/approve`, { method: 'POST', cookie: megan.cookie })).status).toBe(200);
    await deliverDraft(t.deps, { userId: megan.user.id, draftId });
    const [delivery] = await db.select().from(draftDeliveries).where(eq(draftDeliveries.draftId, draftId));
    expect(delivery).toMatchObject({ state: 'delivered', error: null });
    const client = await openTestMailbox(dovecot, 'megan');
    try {
      const lock = await client.getMailboxLock('Drafts');
      try {
        const uids = await client.search({ header: { 'message-id': `<${delivery!.messageId}>` } }, { uid: true });
        expect(uids).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('Send reaches the SMTP server exactly once over XOAUTH2, with the copy in Sent', async () => {
    const put = await t.request(`/api/accounts/${meganAccount}/delivery`, { method: 'PUT', cookie: megan.cookie, json: { mode: 'send' } });
    expect(put.status).toBe(200);
    const emailId = await storeIncomingQuestion(db, megan.user.id, meganAccount, { recipientEmails: ['megan@contoso.example'] });
    const { draftId } = await composeDraftForEmail({ db, userId: megan.user.id, emailId });
    expect((await t.request(`/api/drafts/${draftId}/approve`, { method: 'POST', cookie: megan.cookie })).status).toBe(200);
    await deliverDraft(t.deps, { userId: megan.user.id, draftId });
    const [delivery] = await db.select().from(draftDeliveries).where(eq(draftDeliveries.draftId, draftId));
    expect(delivery).toMatchObject({ state: 'delivered', error: null });
    expect(sink.countMessageId(delivery!.messageId)).toBe(1);
    expect(sink.received.find((m) => m.raw.includes(delivery!.messageId))!.from).toBe('megan@contoso.example');
    expect(sink.logins).toContainEqual({ method: 'XOAUTH2', user: 'megan@contoso.example' });
    const client = await openTestMailbox(dovecot, 'megan');
    try {
      const lock = await client.getMailboxLock('Sent');
      try {
        expect(await client.search({ header: { 'message-id': `<${delivery!.messageId}>` } }, { uid: true })).toHaveLength(1);
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('notification email copies go out through Microsoft’s SMTP server too', async () => {
    const prefs = { newDrafts: true, flaggedDrafts: true, failures: true, weeklySummary: false, email: true };
    const saved = await t.request('/api/settings/notifications', { method: 'PUT', cookie: megan.cookie, json: prefs });
    expect((await saved.json()).emailSender).toBe('megan@contoso.example');
    const before = sink.received.length;
    await notify({ db, userId: megan.user.id }, 'delivery_failed', {
      title: 'Delivery failed',
      body: 'Quarterly report could not be sent',
    });
    expect(await sendPendingNotificationEmails(t.deps)).toEqual({ sent: 1, failed: 0 });
    expect(sink.received.length).toBe(before + 1);
    expect(sink.received.at(-1)!).toMatchObject({ from: 'megan@contoso.example', to: ['megan@example.com'] });
    await t.request('/api/settings/notifications', { method: 'PUT', cookie: megan.cookie, json: { ...prefs, email: false } });
  });

  it('the new mail watcher holds an IDLE connection with XOAUTH2 and enqueues a sync for new mail', async () => {
    await db.update(emailAccounts).set({ initialized: true }).where(eq(emailAccounts.id, meganAccount));
    const syncJobs = async () => {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'mail.sync' and singleton_key = ${`sync:${meganAccount}`}`,
      );
      return rows[0]!.n;
    };
    const watcher = startNewMailWatcher(t.deps, {
      backoff: { baseMs: 100, maxMs: 1_000 },
      stableMs: 0,
      coalesceMs: 200,
      refreshMs: 60_000,
    });
    try {
      await waitFor(
        'the IDLE connection',
        () => watcher.open().imap.includes(meganAccount),
        (open) => open,
      );
      const before = await syncJobs();
      await appendToInbox(
        dovecot,
        'megan',
        personalMail({
          from: 'carol@client.test',
          to: 'megan@contoso.example',
          subject: 'New',
          body: 'Hi',
          messageId: 'watched@client.test',
        }),
      );
      await waitFor('the sync job', syncJobs, (n) => n > before);
    } finally {
      await watcher.stop();
      await db.update(emailAccounts).set({ initialized: false }).where(eq(emailAccounts.id, meganAccount));
    }
  });

  it('after the consent is revoked, a send fails asking to reconnect and a sync ends in the reconnect state', async () => {
    standIn.revoke('megan@contoso.example');
    const emailId = await storeIncomingQuestion(db, megan.user.id, meganAccount, { recipientEmails: ['megan@contoso.example'] });
    const { draftId } = await composeDraftForEmail({ db, userId: megan.user.id, emailId });
    expect((await t.request(`/api/drafts/${draftId}/approve`, { method: 'POST', cookie: megan.cookie })).status).toBe(200);
    await deliverDraft(t.deps, { userId: megan.user.id, draftId });
    const [delivery] = await db.select().from(draftDeliveries).where(eq(draftDeliveries.draftId, draftId));
    expect(delivery).toMatchObject({ state: 'failed', error: MICROSOFT_MESSAGES.reconnectNeeded, retryable: true });

    // The sync's reconnect state is the one every provider's refused credentials end in (mail/sync.ts words it).
    const result = await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount });
    expect(result).toMatchObject({ status: 'failed', errorCode: 'AUTH', error: MICROSOFT_MESSAGES.reconnectNeeded });
    const row = await accountRow(meganAccount);
    expect(row).toMatchObject({ syncState: 'failed', lastSyncError: MICROSOFT_MESSAGES.reconnectNeeded });
    const { account } = await (await t.request(`/api/accounts/${meganAccount}`, { cookie: megan.cookie })).json();
    expect(account).toMatchObject({ provider: 'outlook', syncState: 'failed', lastSyncError: MICROSOFT_MESSAGES.reconnectNeeded });

    // Reconnecting (a new consent) clears it.
    standIn.restore('megan@contoso.example');
    await connect('megan@contoso.example');
    expect(await accountRow(meganAccount)).toMatchObject({ syncState: 'idle', lastSyncError: null });
    expect((await runSync(t.deps, { userId: megan.user.id, accountId: meganAccount })).status).toBe('completed');
    const [stillThere] = await db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(and(eq(emailAccounts.id, meganAccount), eq(emailAccounts.userId, megan.user.id)));
    expect(stillThere).toBeDefined();
  });
});
