import fs from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emails, mailFolders } from '../../../platform/db/schema/index.ts';
import { createTestApp } from '../../../test-support/app.ts';
import { enronFolder } from '../../../test-support/corpus.ts';
import { startGoogleStandIn } from '../../../test-support/google-stand-in.ts';
import { parseInline } from '../../parse-messages.ts';
import { SYNC_BATCH_SIZE, type SyncDeps, syncAccount } from '../../sync.ts';
import { connectorFactory } from '../index.ts';
import { createGmailConnector, engineIdToGmail, gmailIdToEngine, toMailError } from './gmail-connector.ts';

const t = await createTestApp();
const google = await startGoogleStandIn();
const { user } = await t.signUpAndIn('john@example.com');

// One Gmail mailbox of real mail: 200 received, 200 sent (John Lavorato's Enron mail).
const inbox = enronFolder('lavorato-j', 'inbox').slice(0, 200);
const sent = enronFolder('lavorato-j', 'sent_items').slice(0, 200);
for (const file of inbox) google.addMessage(fs.readFileSync(file), { labels: ['INBOX', 'UNREAD'] });
for (const file of sent) google.addMessage(fs.readFileSync(file), { labels: ['SENT'] });

const mail = (id: string, date: string, subject: string) =>
  Buffer.from(
    `Message-ID: <${id}>\r\nFrom: Louise Kitchen <louise.kitchen@enron.com>\r\nTo: john.lavorato@enron.com\r\nSubject: ${subject}\r\nDate: ${date}\r\n\r\nBody of ${subject}\r\n`,
  );
// Archived long ago (in neither Inbox nor Sent); moved into the inbox later by the tests.
const archived = google.addMessage(mail('archived-1@enron.com', 'Mon, 1 Jan 1996 10:00:00 -0600', 'From the archive'), { labels: [] });
const archivedOlder = google.addMessage(mail('old-moved@enron.com', 'Mon, 1 Jan 1990 10:00:00 -0600', 'Old, moved'), { labels: [] });

const sleeps: number[] = [];
const deps: SyncDeps = {
  db: t.deps.db,
  queue: t.deps.queue,
  openConnector: connectorFactory({ secretBox: t.deps.secretBox, storage: t.deps.storage, google: google.config, allowPrivateHosts: true }),
  parseMessages: parseInline,
  sleep: async (ms) => {
    sleeps.push(ms);
  },
};

async function addGmailAccount(refreshToken = google.issueRefreshToken(), emailAddress = google.emailAddress) {
  const [row] = await t.deps.db
    .insert(emailAccounts)
    .values({
      userId: user.id,
      emailAddress,
      provider: 'gmail',
      displayName: emailAddress,
      encryptedPassword: t.deps.secretBox.encrypt(refreshToken),
    })
    .returning();
  return row!.id;
}

const countEmails = async (accountId: string, where = sql`true`) =>
  (
    await t.deps.db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.emailAccountId, accountId), where))
  )[0]!.n;

const duplicates = async (accountId: string) =>
  (
    await t.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select message_key from emails where email_account_id = ${accountId} group by message_key having count(*) > 1) d`,
    )
  ).rows[0]!.n;

describe('Gmail ids', () => {
  it('round-trip between Gmail hex and the decimal form the engine stores', () => {
    for (const hex of ['18c5f3a2b4d6e7f8', '1', 'ffffffffffff']) expect(engineIdToGmail(gmailIdToEngine(hex))).toBe(hex);
  });
});

describe('error mapping', () => {
  const failure = (status: number, data: unknown, headers: Record<string, string> = {}) => ({
    response: { status, data, headers: new Headers(headers) },
  });

  it.each([
    [failure(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }), 'AUTH'],
    [failure(401, { error: { code: 401, errors: [{ reason: 'authError' }] } }), 'AUTH'],
    [failure(403, { error: { code: 403, errors: [{ reason: 'insufficientPermissions' }] } }), 'AUTH'],
    [failure(403, { error: { code: 403, errors: [{ reason: 'userRateLimitExceeded' }] } }), 'RATE_LIMIT'],
    [failure(403, { error: { code: 403, errors: [{ reason: 'rateLimitExceeded' }] } }), 'RATE_LIMIT'],
    [failure(429, {}), 'RATE_LIMIT'],
    [failure(500, {}), 'TEMPORARY'],
    [failure(503, {}), 'TEMPORARY'],
    [failure(404, { error: { code: 404, errors: [{ reason: 'notFound' }] } }), 'NOT_FOUND'],
    [Object.assign(new Error('fetch failed'), { code: 'ECONNREFUSED' }), 'TEMPORARY'],
  ])('%# maps to %s', (error, code) => {
    expect(toMailError(error).code).toBe(code);
  });

  it('keeps the Retry-After wait, and never the failed request (which carries tokens)', () => {
    const error = toMailError({ ...failure(429, {}, { 'retry-after': '7' }), config: { data: 'refresh_token=secret' } });
    expect(error).toMatchObject({ code: 'RATE_LIMIT', retryAfterMs: 7000 });
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain('secret');
  });
});

describe('Gmail sync through the real client libraries, against the stand-in', () => {
  let accountId: string;
  let refreshToken: string;

  beforeAll(async () => {
    refreshToken = google.issueRefreshToken();
    accountId = await addGmailAccount(refreshToken);
  });

  it('stores exactly one row per message, sent mail outgoing, unread as Gmail says', async () => {
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: inbox.length + sent.length });
    expect(await countEmails(accountId)).toBe(400);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'INBOX'`)).toBe(inbox.length);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'SENT' and ${emails.isOutgoing}`)).toBe(sent.length);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'INBOX' and ${emails.isRead}`)).toBe(0);
    // Every row keeps the Gmail id it came from.
    const [one] = await t.deps.db
      .select({ uid: emails.providerUid })
      .from(emails)
      .where(and(eq(emails.emailAccountId, accountId), eq(emails.folderName, 'INBOX')))
      .limit(1);
    expect(google.labelIds('INBOX')).toContain(engineIdToGmail(one!.uid!.split(':')[1]!));
    const folders = await t.deps.db.select().from(mailFolders).where(eq(mailFolders.emailAccountId, accountId));
    expect(folders.map((f) => [f.path, f.specialUse, f.highestModseq]).sort()).toEqual([
      ['INBOX', '\\Inbox', String(google.historyId())],
      ['SENT', '\\Sent', String(google.historyId())],
    ]);
    const [account] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account).toMatchObject({ emailsDownloadedCount: 400, outgoingEmailsCount: 200, syncState: 'completed', lastSyncError: null });
  });

  it('adds nothing on a second sync, reading only the history', async () => {
    const from = google.calls.length;
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 0 });
    expect(google.countCalls(/^GET \/gmail\/v1\/users\/me\/messages/, from)).toBe(0);
    expect(google.countCalls(/^GET \/gmail\/v1\/users\/me\/history$/, from)).toBe(2);
  });

  it('picks up mail that arrived later with the incremental sync alone', async () => {
    google.addMessage(mail('late-1@enron.com', 'Mon, 3 Dec 2001 10:00:00 -0600', 'Late news'), { labels: ['INBOX', 'UNREAD'] });
    // An old message moved into the inbox: only its label change is in the history.
    google.addLabel(archived, 'INBOX');
    const from = google.calls.length;
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 2 });
    expect(google.countCalls(/^GET \/gmail\/v1\/users\/me\/messages$/, from)).toBe(0);
    expect(google.countCalls(/^GET \/gmail\/v1\/users\/me\/messages\/\w+$/, from)).toBe(2);
    const [late] = await t.deps.db.select().from(emails).where(eq(emails.messageKey, 'late-1@enron.com'));
    expect(late).toMatchObject({ subject: 'Late news', folderName: 'INBOX', isOutgoing: false, isRead: false });
    expect(await countEmails(accountId)).toBe(402);
  });

  it('lists the whole label again when Gmail no longer has the history (404), duplicating nothing', async () => {
    google.addMessage(mail('after-gap@enron.com', 'Tue, 4 Dec 2001 10:00:00 -0600', 'After the gap'), { labels: ['SENT'] });
    google.forgetHistory();
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 1 });
    expect(await countEmails(accountId)).toBe(403);
    expect(await duplicates(accountId)).toBe(0);
    const folders = await t.deps.db.select().from(mailFolders).where(eq(mailFolders.emailAccountId, accountId));
    expect(folders.every((f) => f.highestModseq === String(google.historyId()))).toBe(true);
  });

  it('waits as long as Retry-After asks on 429 and rate-limit 403, then goes on', async () => {
    google.addMessage(mail('throttled@enron.com', 'Wed, 5 Dec 2001 10:00:00 -0600', 'Throttled'), { labels: ['INBOX'] });
    const isGet = ({ path }: { path: string }) => /\/messages\/\w+$/.test(path);
    google.failNext(isGet, { status: 429, headers: { 'retry-after': '7' } });
    google.failNext((r) => r.path.endsWith('/history'), {
      status: 403,
      body: { error: { code: 403, message: 'User-rate limit exceeded', errors: [{ reason: 'userRateLimitExceeded' }] } },
    });
    google.failNext('token', { status: 500, body: { error: 'internal_failure' } });
    sleeps.length = 0;
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 1 });
    expect(sleeps).toHaveLength(3);
    expect(Math.max(...sleeps)).toBeGreaterThanOrEqual(7000 * 0.75);
    expect(await duplicates(accountId)).toBe(0);
  });

  it('an expired or revoked grant (invalid_grant) fails the account with AUTH and asks to reconnect', async () => {
    const revoked = await addGmailAccount('1//never-issued', 'revoked@gmail.com');
    const result = await syncAccount(deps, { userId: user.id, accountId: revoked });
    expect(result).toMatchObject({ status: 'failed', errorCode: 'AUTH' });
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, revoked));
    expect(row).toMatchObject({
      syncState: 'failed',
      lastSyncError: 'The mail server refused the saved credentials. Reconnect this account to resume syncing.',
    });
    expect(await countEmails(revoked)).toBe(0);
  });

  it('a first sync cut off mid-folder resumes after what it stored, catching mail added meanwhile', async () => {
    const partial = await addGmailAccount(undefined, 'partial@gmail.com');
    let batches = 0;
    const stopping: SyncDeps = {
      ...deps,
      parseMessages: async (raws) => {
        batches += 1;
        if (batches === 1) await t.deps.db.update(emailAccounts).set({ stopDownload: true }).where(eq(emailAccounts.id, partial));
        return parseInline(raws);
      },
    };
    const inboxTotal = google.labelIds('INBOX').length;
    expect(inboxTotal).toBeGreaterThan(SYNC_BATCH_SIZE);
    // Asked while the first batch was being prepared: that batch is stored, nothing after it.
    expect(await syncAccount(stopping, { userId: user.id, accountId: partial })).toEqual({ status: 'stopped', stored: SYNC_BATCH_SIZE });

    // Meanwhile: one new message, and one old one moved into the inbox (listed before the resume point).
    google.addMessage(mail('during-1@enron.com', 'Thu, 6 Dec 2001 10:00:00 -0600', 'During'), { labels: ['INBOX'] });
    google.addLabel(archivedOlder, 'INBOX');
    await t.deps.db.update(emailAccounts).set({ stopDownload: false }).where(eq(emailAccounts.id, partial));

    const from = google.calls.length;
    const result = await syncAccount(deps, { userId: user.id, accountId: partial });
    const sentTotal = google.labelIds('SENT').length;
    expect(result).toEqual({ status: 'completed', stored: inboxTotal - SYNC_BATCH_SIZE + 2 + sentTotal });
    // Only what was not stored yet was downloaded.
    expect(google.countCalls(/^GET \/gmail\/v1\/users\/me\/messages\/\w+$/, from)).toBe(inboxTotal - SYNC_BATCH_SIZE + 2 + sentTotal);
    expect(await countEmails(partial)).toBe(inboxTotal + 2 + sentTotal);
    expect(await duplicates(partial)).toBe(0);
  });

  it('lists only a date range when asked (training downloads)', async () => {
    const connector = createGmailConnector({ google: google.config, refreshToken });
    const [inboxFolder] = await connector.listFolders();
    const since = new Date('2001-10-01T00:00:00Z');
    const before = new Date('2001-11-01T00:00:00Z');
    const list = await connector.listMessageIds(inboxFolder!, { since, before });
    expect(list.ids.length).toBeGreaterThan(0);
    const fetched = [];
    for await (const m of connector.fetchMessages(inboxFolder!, list.ids)) fetched.push(m);
    expect(fetched).toHaveLength(list.ids.length);
    for (const m of fetched) {
      expect(m.internalDate!.getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
      expect(m.internalDate!.getTime()).toBeLessThan(before.getTime() + 1000);
    }
    // Oldest first.
    const times = fetched.map((m) => m.internalDate!.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    await connector.close();
  });

  it('skips a message deleted between listing and fetching', async () => {
    const connector = createGmailConnector({ google: google.config, refreshToken });
    const gone = google.addMessage(mail('gone@enron.com', 'Fri, 7 Dec 2001 10:00:00 -0600', 'Gone'), { labels: ['INBOX'] });
    const kept = google.labelIds('INBOX')[1]!;
    google.deleteMessage(gone);
    const fetched = [];
    for await (const m of connector.fetchMessages({ path: 'INBOX', role: 'inbox', specialUse: 'INBOX' }, [
      gmailIdToEngine(gone),
      gmailIdToEngine(kept),
    ]))
      fetched.push(m.id);
    expect(fetched).toEqual([gmailIdToEngine(kept)]);
  });

  it('opens a message as Gmail holds it (format=raw) for Show original, and null once it is deleted', async () => {
    const connector = createGmailConnector({ google: google.config, refreshToken });
    const raw = mail('original@enron.com', 'Fri, 7 Dec 2001 11:00:00 -0600', 'Original');
    const id = google.addMessage(raw, { labels: ['INBOX'] });
    const folder = { path: 'INBOX', role: 'inbox', specialUse: 'INBOX' } as const;
    const stream = await connector.openOriginal(folder, gmailIdToEngine(id));
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(raw)).toBe(true);
    google.deleteMessage(id);
    expect(await connector.openOriginal(folder, gmailIdToEngine(id))).toBeNull();
  });

  it('reports a Gmail outage as TEMPORARY from the connector', async () => {
    const connector = createGmailConnector({ google: google.config, refreshToken });
    google.failNext('api', { status: 503 });
    await expect(connector.listMessageIds({ path: 'INBOX', role: 'inbox', specialUse: 'INBOX' }, {})).rejects.toMatchObject({
      code: 'TEMPORARY',
    });
  });
});
