import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { type DovecotServer, startDovecot } from '../test-support/dovecot.ts';
import { addInitializedGmailAccount, appendToInbox } from '../test-support/drafting.ts';
import { startGoogleStandIn } from '../test-support/google-stand-in.ts';
import { type MailWatcher, runSync, startNewMailWatcher } from './service.ts';

// New mail noticed at once: the watcher against a real Dovecot (IMAP IDLE) and the Gmail stand-in
// (history polling), with the pg-boss workers running the syncs it enqueues. The schedule's cron
// (every 5 minutes) never fires within these tests.
const google = await startGoogleStandIn();
const dovecot: DovecotServer = await startDovecot();
const ca = fs.readFileSync(dovecot.caFile, 'utf8');
const t = await createTestApp({ ...google.env, ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { workers: true, imapCa: ca });
const { user } = await t.signUpAndIn('vince@example.com');
const inbox = enronFolder('kaminski-v', 'inbox');
const fast = { backoff: { baseMs: 100, maxMs: 1_000 }, stableMs: 0, coalesceMs: 200, refreshMs: 60_000 };
const watchers: MailWatcher[] = [];

afterAll(async () => {
  for (const watcher of watchers) await watcher.stop();
  await dovecot.stop();
  await google.stop();
});

async function waitFor<T>(what: string, probe: () => Promise<T> | T, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const countEmails = async (accountId: string) =>
  (await t.deps.db.select({ n: count() }).from(emails).where(eq(emails.emailAccountId, accountId)))[0]!.n;

/** The local ends of established TCP connections to Dovecot's STARTTLS port, as the kernel lists them. */
function dovecotConnections(): string[] {
  const out = execFileSync('ss', ['-tnH', 'state', 'established', `( dport = :${dovecot.imapPort} )`], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/)[2]!);
}
const connectionsToDovecot = () => dovecotConnections().length;

let accounts = 0;
async function addImapAccount(mailUser: string) {
  dovecot.addUser(mailUser, `${mailUser}-pw`);
  dovecot.seed(
    mailUser,
    'INBOX',
    inbox.slice(0, 3).map((f) => ({ raw: fs.readFileSync(f) })),
  );
  const [row] = await t.deps.db
    .insert(emailAccounts)
    .values({
      userId: user.id,
      emailAddress: `vince+${accounts++}@enron.com`,
      provider: 'exchange',
      serverUrl: 'localhost',
      port: dovecot.imapPort,
      username: mailUser,
      encryptedPassword: t.deps.secretBox.encrypt(`${mailUser}-pw`),
      isActive: true,
      initialized: true,
    })
    .returning();
  // The initial download, as initialization does: the watcher sees only what comes after.
  await runSync(t.deps, { userId: user.id, accountId: row!.id });
  expect(await countEmails(row!.id)).toBe(3);
  return row!;
}

const append = (mailUser: string, file: string) => appendToInbox(dovecot, mailUser, fs.readFileSync(file));

describe('IMAP IDLE', () => {
  let watcher: MailWatcher;
  let accountId: string;

  beforeAll(async () => {
    accountId = (await addImapAccount('idle1')).id;
    watcher = startNewMailWatcher(t.deps, { ...fast, maxImapConnections: 50 });
    watchers.push(watcher);
    await waitFor(
      'the IDLE connection',
      () => watcher.open().imap,
      (ids) => ids.includes(accountId),
    );
  });

  it('a message APPENDed to INBOX is downloaded within seconds, by a sync the watcher enqueued', async () => {
    await append('idle1', inbox[3]!);
    await waitFor(
      'the new message stored',
      () => countEmails(accountId),
      (n) => n === 4,
    );
  });

  it('a burst of deliveries is one sync job', async () => {
    const jobsBefore = await syncJobs(accountId);
    for (const file of inbox.slice(4, 7)) await append('idle1', file);
    await waitFor(
      'the burst stored',
      () => countEmails(accountId),
      (n) => n === 7,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await syncJobs(accountId)) - jobsBefore).toBe(1);
  });

  it('opens the connection again after the server dropped it, and new mail still arrives at once', async () => {
    const before = dovecotConnections();
    expect(before.length).toBe(1);
    await dovecot.restart();
    // A new connection (another local port), and only it: the dropped one was not left behind.
    await waitFor('the IDLE connection again', dovecotConnections, (now) => now.length === 1 && now[0] !== before[0]);
    await waitFor(
      'the watch open',
      () => watcher.open().imap,
      (ids) => ids.includes(accountId),
    );
    await append('idle1', inbox[7]!);
    await waitFor(
      'the message after the restart stored',
      () => countEmails(accountId),
      (n) => n === 8,
    );
  });

  it('an account watched after the watcher started gets the mail that arrived before its watch opened', async () => {
    const later = (await addImapAccount('idle-later')).id;
    await append('idle-later', inbox[3]!);
    await watcher.refresh();
    await waitFor(
      'the mail that arrived before the watch',
      () => countEmails(later),
      (n) => n === 4,
    );
    // Paused again, so the tests below count the connections they expect.
    await t.deps.db.update(emailAccounts).set({ isActive: false }).where(eq(emailAccounts.id, later));
    await watcher.refresh();
  });
});

async function syncJobs(accountId: string): Promise<number> {
  const { rows } = await t.deps.db.execute<{ n: number }>(
    // pg-boss's own table: how many sync jobs of this account were ever created.
    sql`select count(*)::int as n from pgboss.job where name = 'mail.sync' and singleton_key = ${`sync:${accountId}`}`,
  );
  return rows[0]!.n;
}

async function finishedSyncJobs(accountId: string): Promise<number> {
  const { rows } = await t.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'mail.sync' and singleton_key = ${`sync:${accountId}`} and state = 'completed'`,
  );
  return rows[0]!.n;
}

describe('the cap on IDLE connections, and stopping', () => {
  it('holds at most MAIL_WATCH_MAX_CONNECTIONS, and stop closes every connection', async () => {
    await addImapAccount('cap1');
    await addImapAccount('cap2');
    for (const w of watchers.splice(0)) await w.stop();
    await waitFor('no connection left from earlier watchers', connectionsToDovecot, (n) => n === 0);

    const watcher = startNewMailWatcher(t.deps, { ...fast, maxImapConnections: 2 });
    watchers.push(watcher);
    // Three IMAP accounts are active and initialized (idle1, cap1, cap2): two are watched.
    await waitFor(
      'two IDLE connections',
      () => watcher.open().imap.length,
      (n) => n === 2,
    );
    await watcher.refresh();
    await new Promise((r) => setTimeout(r, 300));
    expect(watcher.open().imap.length).toBe(2);
    expect(connectionsToDovecot()).toBe(2);

    await watcher.stop();
    expect(watcher.open()).toEqual({ imap: [], gmail: [] });
    await waitFor('every connection closed', connectionsToDovecot, (n) => n === 0, 5_000);
  });
});

describe('Gmail history polling', () => {
  it('mail added to INBOX is downloaded on the next poll, from the stored history id', async () => {
    for (const file of enronFolder('lavorato-j', 'inbox').slice(0, 5)) google.addMessage(fs.readFileSync(file), { labels: ['INBOX'] });
    const accountId = await addInitializedGmailAccount(t.deps, google, user.id);
    await runSync(t.deps, { userId: user.id, accountId });
    const stored = await countEmails(accountId);
    expect(stored).toBe(5);

    const watcher = startNewMailWatcher(t.deps, { ...fast, maxImapConnections: 0, gmailPollMs: 300 });
    watchers.push(watcher);
    await waitFor(
      'the Gmail watch',
      () => watcher.open().gmail,
      (ids) => ids.includes(accountId),
    );
    const from = google.calls.length;
    await new Promise((r) => setTimeout(r, 1_000));
    // Polled, and nothing new: no sync.
    expect(google.countCalls(/GET .*\/history$/, from)).toBeGreaterThanOrEqual(2);
    expect(await syncJobs(accountId)).toBe(0);

    google.addMessage(fs.readFileSync(enronFolder('lavorato-j', 'inbox')[5]!), { labels: ['INBOX'] });
    await waitFor(
      'the new Gmail message stored',
      () => countEmails(accountId),
      (n) => n === stored + 1,
    );
    expect(await syncJobs(accountId)).toBe(1);
    // The sync's own last calls (after the message is stored) are not the watcher's: let it finish.
    await waitFor(
      'the sync job finished',
      () => finishedSyncJobs(accountId),
      (n) => n === 1,
    );
    await watcher.stop();
    const after = google.calls.length;
    await new Promise((r) => setTimeout(r, 700));
    expect(google.calls.length).toBe(after);
  });
});
