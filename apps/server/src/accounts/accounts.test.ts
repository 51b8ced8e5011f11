import fs from 'node:fs';
import { ACCOUNT_MESSAGES } from '@penman/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emailAccounts, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { startDovecot } from '../test-support/dovecot.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());
const t = await createTestApp({}, { workers: true, imapCa: fs.readFileSync(dovecot.caFile, 'utf8') });
const { cookie, user } = await t.signUpAndIn('watson@example.com');

const inbox = enronFolder('watson-k', 'inbox').slice(0, 300);
const sent = enronFolder('watson-k', 'sent_items').slice(0, 300);
dovecot.addUser('kim', 'kim-pw');
dovecot.seed(
  'kim',
  'INBOX',
  inbox.map((f) => ({ raw: fs.readFileSync(f) })),
);
dovecot.seed(
  'kim',
  'Sent',
  sent.map((f) => ({ raw: fs.readFileSync(f) })),
);

const imapForm = (password: string) => ({
  provider: 'exchange',
  emailAddress: 'kimberly.watson@enron.com',
  password,
  username: 'kim',
  serverUrl: 'localhost',
  port: dovecot.imapPort,
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const getAccount = async (id: string) => (await (await t.request(`/api/accounts/${id}`, { cookie })).json()).account;

describe('email accounts API', () => {
  let id: string;

  it('refuses to add an account whose login fails, with a readable reason', async () => {
    const response = await t.request('/api/accounts', { method: 'POST', cookie, json: imapForm('wrong') });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('The server localhost refused the username or password.');
    expect((await (await t.request('/api/accounts', { cookie })).json()).accounts).toEqual([]);
  });

  it('adds an account after logging in, stores the password encrypted and never returns it', async () => {
    const response = await t.request('/api/accounts', { method: 'POST', cookie, json: imapForm('kim-pw') });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    id = account.id;
    expect(account).toMatchObject({
      emailAddress: 'kimberly.watson@enron.com',
      provider: 'exchange',
      isActive: true,
      initialized: false,
      initializationStatus: null,
    });
    expect(JSON.stringify(account)).not.toContain('kim-pw');
    expect(account).not.toHaveProperty('encryptedPassword');
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, id));
    expect(row!.encryptedPassword).toMatch(/^v1:/);
    expect(t.deps.secretBox.decrypt(row!.encryptedPassword!)).toBe('kim-pw');
    // The mailbox it proved it opens: the server and login that accepted it (teammates share it).
    expect(row!.mailboxIdentity).toBe(`imap localhost:${dovecot.imapPort} kim`);
    const again = await t.request('/api/accounts', { method: 'POST', cookie, json: imapForm('kim-pw') });
    expect(again.status).toBe(409);
  });

  it('initializes: download, contacts, style, done, with counters true at the end', async () => {
    const response = await t.request(`/api/accounts/${id}/initialize`, { method: 'POST', cookie });
    expect(await response.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.initializationStarted,
      account: { initializationStatus: 'initializing', lastInitStep: 'download' },
    });
    const account = await waitFor(
      () => getAccount(id),
      (a) => a.initializationStatus !== 'initializing',
    );
    expect(account).toMatchObject({
      initializationStatus: 'completed',
      initialized: true,
      lastInitStep: 'done',
      emailsDownloadedCount: 600,
      syncState: 'completed',
    });
    expect(account.outgoingEmailsCount).toBeGreaterThanOrEqual(300);
    const progress = await (await t.request(`/api/accounts/${id}/download-progress`, { cookie })).json();
    expect(progress).toMatchObject({ count: 600, syncState: 'completed' });
  });

  it('reconnects with new credentials only after they log in', async () => {
    const refused = await t.request(`/api/accounts/${id}/credentials`, { method: 'PUT', cookie, json: { password: 'still-wrong' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('The server localhost refused the username or password.');
    await t.deps.db
      .update(emailAccounts)
      .set({ syncState: 'failed', lastSyncError: ACCOUNT_MESSAGES.reconnectNeeded })
      .where(eq(emailAccounts.id, id));
    const response = await t.request(`/api/accounts/${id}/credentials`, { method: 'PUT', cookie, json: { password: 'kim-pw' } });
    expect((await response.json()).account).toMatchObject({ syncState: 'idle', lastSyncError: null });
  });

  it('saves caps (empty = null = default) and the active switch', async () => {
    const response = await t.request(`/api/accounts/${id}`, {
      method: 'PATCH',
      cookie,
      json: { inboxContactsPageCap: 10, sentStyleCap: null, isActive: false },
    });
    expect((await response.json()).account).toMatchObject({ inboxContactsPageCap: 10, sentStyleCap: null, isActive: false });
    const invalid = await t.request(`/api/accounts/${id}`, { method: 'PATCH', cookie, json: { maxEmailsPerDownload: -1 } });
    expect(invalid.status).toBe(400);
    await t.request(`/api/accounts/${id}`, { method: 'PATCH', cookie, json: { isActive: true } });
  });

  it('pauses with "Paused by user", stops with "Stopped by user" and clears the step, retries', async () => {
    await t.request(`/api/accounts/${id}/reset`, { method: 'POST', cookie });
    await t.request(`/api/accounts/${id}/initialize`, { method: 'POST', cookie });
    const paused = (await (await t.request(`/api/accounts/${id}/pause`, { method: 'POST', cookie })).json()).account;
    expect(paused).toMatchObject({ initializationStatus: 'failed', initializationError: 'Paused by user', stopDownload: true });
    const stopped = (await (await t.request(`/api/accounts/${id}/stop`, { method: 'POST', cookie })).json()).account;
    expect(stopped).toMatchObject({ initializationStatus: 'failed', initializationError: 'Stopped by user', lastInitStep: null });
    const retried = await (await t.request(`/api/accounts/${id}/retry`, { method: 'POST', cookie })).json();
    expect(retried.account).toMatchObject({
      initializationStatus: 'initializing',
      lastInitStep: 'download',
      initializationError: null,
      stopDownload: false,
    });
    const done = await waitFor(
      () => getAccount(id),
      (a) => a.initializationStatus === 'completed',
    );
    expect(done.emailsDownloadedCount).toBe(600);
  });

  it('reset deletes the mail and zeroes every counter and training field', async () => {
    const account = (await (await t.request(`/api/accounts/${id}/reset`, { method: 'POST', cookie })).json()).account;
    expect(account).toMatchObject({
      emailsDownloadedCount: 0,
      incomingEmailsCount: 0,
      outgoingEmailsCount: 0,
      topSenders: [],
      // Back to the start: no style profile, and nothing will train it until the user starts again.
      trainingStatus: 'ready',
      styleProfileGeneratedAt: null,
      stopDownload: false,
      dateRangeStart: null,
    });
    const [n] = await t.deps.db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.userId, user.id), eq(emails.emailAccountId, id)));
    expect(n!.n).toBe(0);
  });

  it('deletes only with the typed confirmation, and everything of the account goes', async () => {
    await t.request(`/api/accounts/${id}/download`, { method: 'POST', cookie });
    await waitFor(
      () => getAccount(id),
      (a) => a.emailsDownloadedCount === 600,
    );
    const refused = await t.request(`/api/accounts/${id}`, { method: 'DELETE', cookie, json: { confirmation: 'delete email account' } });
    expect(refused.status).toBe(400);
    const deleted = await t.request(`/api/accounts/${id}`, { method: 'DELETE', cookie, json: { confirmation: 'DELETE EMAIL ACCOUNT' } });
    expect(deleted.status).toBe(204);
    expect((await t.request(`/api/accounts/${id}`, { cookie })).status).toBe(404);
    const [n] = await t.deps.db.select({ n: count() }).from(emails).where(eq(emails.emailAccountId, id));
    expect(n!.n).toBe(0);
  });
});

describe('one IMAP account per address', () => {
  it('six concurrent adds of one address make one account and five 409s', async () => {
    const form = { ...imapForm('kim-pw'), emailAddress: 'Kim.Watson@enron.com' };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => t.request('/api/accounts', { method: 'POST', cookie, json: form })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const message = 'kim.watson@enron.com is already connected.';
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({ error: { code: 'CONFLICT', message, fields: { emailAddress: message } } });
    }
    const rows = await t.deps.db
      .select({ id: emailAccounts.id })
      .from(emailAccounts)
      .where(eq(emailAccounts.emailAddress, 'kim.watson@enron.com'));
    expect(rows).toHaveLength(1);
  });
});
