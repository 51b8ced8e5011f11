import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../platform/crypto.ts';
import { emailAccounts, emails, mailFolders } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { type DovecotServer, openTestMailbox, startByteCountingProxy, startDovecot } from '../test-support/dovecot.ts';
import { connectorFactory } from './connectors/index.ts';
import { type MailConnector, MailError } from './connectors/types.ts';
import { createParsePool, parseInline } from './parse-messages.ts';
import type { SyncAccount } from './repo.ts';
import { SYNC_BATCH_SIZE, type SyncDeps, syncAccount } from './sync.ts';

const t = await createTestApp();
const secretBox = createSecretBox('sync-test-secret-sync-test-secret-000');
const parsePool = createParsePool(1);
let dovecot: DovecotServer;
let deps: SyncDeps;
const inbox = enronFolder('kaminski-v', 'inbox');
const sent = enronFolder('kaminski-v', 'sent_items');
const { user } = await t.signUpAndIn('vince@example.com');

beforeAll(async () => {
  dovecot = await startDovecot();
  const ca = fs.readFileSync(dovecot.caFile, 'utf8');
  // The production parser: a worker-thread pool.
  deps = {
    db: t.deps.db,
    queue: t.deps.queue,
    openConnector: connectorFactory({ secretBox, storage: t.deps.storage, imapCa: ca, allowPrivateHosts: true }),
    parseMessages: parsePool.parse,
    sleep: async () => {},
  };
}, 30_000);
afterAll(async () => {
  await parsePool.close();
  await dovecot?.stop();
});

let accountsAdded = 0;

async function addAccount(mailUser: string, password: string, stored = password, port = dovecot.imapPort) {
  // One account per address and user (a unique index): each later account gets an address of its own.
  const tag = accountsAdded++ === 0 ? '' : `+${accountsAdded}`;
  const [row] = await t.deps.db
    .insert(emailAccounts)
    .values({
      userId: user.id,
      emailAddress: `vince.kaminski${tag}@enron.com`,
      provider: 'exchange',
      serverUrl: 'localhost',
      // Not 993, so the connector must upgrade with STARTTLS (and verify the certificate).
      port,
      username: mailUser,
      encryptedPassword: secretBox.encrypt(stored),
    })
    .returning();
  return row!;
}

const countEmails = async (accountId: string, where = sql`true`) =>
  (
    await t.deps.db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.emailAccountId, accountId), where))
  )[0]!.n;
const file = (f: string) => ({ raw: fs.readFileSync(f), date: new Date(fs.statSync(f).mtime) });

describe('IMAP sync against Dovecot with a real Enron mailbox', () => {
  let accountId: string;

  beforeAll(() => {
    dovecot.addUser('vince', 'vince-pw');
    dovecot.seed('vince', 'INBOX', inbox.map(file));
    dovecot.seed('vince', 'Sent', sent.map(file));
  });

  it('stores exactly one row per message file, with sent mail outgoing, and true counters', async () => {
    accountId = (await addAccount('vince', 'vince-pw')).id;
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: inbox.length + sent.length });
    expect(await countEmails(accountId)).toBe(inbox.length + sent.length);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'Sent'`)).toBe(sent.length);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'Sent' and not ${emails.isOutgoing}`)).toBe(0);
    const [account] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    expect(account).toMatchObject({
      emailsDownloadedCount: inbox.length + sent.length,
      outgoingEmailsCount: await countEmails(accountId, sql`${emails.isOutgoing}`),
      incomingEmailsCount: await countEmails(accountId, sql`not ${emails.isOutgoing}`),
      syncState: 'completed',
      lastSyncError: null,
    });
    expect(account!.topSenders.length).toBe(10);
    expect(account!.dateRangeStart!.getTime()).toBeLessThan(account!.dateRangeEnd!.getTime());
    expect(account!.averageEmailsPerDay).toBeGreaterThan(0);
  });

  it("proposes the Sent folder's other From addresses without counting them as the user's: mail in Inbox from them stays received", async () => {
    const [account] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, accountId));
    // Kaminski sent as j.kaminski@, kaminski@ and j..kaminski@ too: mail in Sent is sent mail whatever its From...
    expect(account!.aliases).toEqual([]);
    expect(account!.aliasProposals.filter((p) => p.reason === 'sent_folder')).toEqual([
      { address: 'j.kaminski@enron.com', reason: 'sent_folder', messages: 1204, name: null },
      { address: 'kaminski@enron.com', reason: 'sent_folder', messages: 251, name: null },
      { address: 'j..kaminski@enron.com', reason: 'sent_folder', messages: 2, name: null },
    ]);
    // ...but until he says they are his, his Inbox copies from them are received mail, as before he was asked.
    expect(
      await countEmails(
        accountId,
        sql`${emails.folderName} = 'INBOX' and ${emails.senderEmail} = 'j.kaminski@enron.com' and not ${emails.isOutgoing}`,
      ),
    ).toBe(12);
    expect(await countEmails(accountId, sql`${emails.folderName} = 'INBOX' and ${emails.isOutgoing}`)).toBe(2);
  });

  it('adds nothing on a second sync, and skips unchanged folders', async () => {
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 0 });
    expect(await countEmails(accountId)).toBe(inbox.length + sent.length);
  });

  it('picks up a message appended later with the incremental sync alone', async () => {
    const raw = Buffer.from(
      'Message-ID: <late-1@example.com>\r\nFrom: Late <late@example.com>\r\nTo: vince.kaminski@enron.com\r\nSubject: Late news\r\nDate: Mon, 02 Jul 2001 10:00:00 -0500\r\n\r\nBody',
    );
    dovecot.seed('vince', 'INBOX', [{ raw }]);
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 1 });
    const [late] = await t.deps.db.select().from(emails).where(eq(emails.messageKey, 'late-1@example.com'));
    expect(late).toMatchObject({ subject: 'Late news', senderEmail: 'late@example.com', isOutgoing: false, folderName: 'INBOX' });
  });

  it('duplicates nothing when the server changes UIDVALIDITY', async () => {
    const before = await t.deps.db.select().from(mailFolders).where(eq(mailFolders.emailAccountId, accountId));
    await dovecot.resetUidValidity('vince');
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 0 });
    const after = await t.deps.db.select().from(mailFolders).where(eq(mailFolders.emailAccountId, accountId));
    const inboxBefore = before.find((f) => f.path === 'INBOX')!;
    const inboxAfter = after.find((f) => f.path === 'INBOX')!;
    expect(inboxAfter.uidvalidity).not.toBe(inboxBefore.uidvalidity);
    expect(await countEmails(accountId)).toBe(inbox.length + sent.length + 1);
  });
});

describe('a new UIDVALIDITY is not new mail (Courier, Exchange after a move)', () => {
  const allenInbox = enronFolder('allen-p', 'inbox');
  const allenSent = enronFolder('allen-p', '_sent_mail');
  const others = enronFolder('lavorato-j', 'inbox');
  /** A real message with its Message-ID header taken out: only its content identifies it. */
  const withoutMessageId = (f: string) => ({
    raw: Buffer.from(fs.readFileSync(f, 'latin1').replace(/^Message-ID:.*\r?\n/im, ''), 'latin1'),
    date: new Date(fs.statSync(f).mtime),
  });
  const anonymous = others.slice(0, 3).map(withoutMessageId);
  let proxy: Awaited<ReturnType<typeof startByteCountingProxy>>;
  let accountId: string;

  /** What the server holds now: UID and Message-ID of every message of a folder. */
  async function serverUids(folder: string): Promise<{ uidValidity: string; uidNext: number; uids: Map<number, string | null> }> {
    const client = await openTestMailbox(dovecot, 'allen');
    try {
      const lock = await client.getMailboxLock(folder, { readOnly: true });
      try {
        const uids = new Map<number, string | null>();
        for await (const m of client.fetch('1:*', { uid: true, envelope: true }, { uid: true }))
          uids.set(m.uid, m.envelope?.messageId?.replace(/^<|>$/g, '') ?? null);
        const mailbox = client.mailbox as { uidValidity: bigint; uidNext: number };
        return { uidValidity: String(mailbox.uidValidity), uidNext: mailbox.uidNext, uids };
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }

  /**
   * The sync's deps with every message body the connector yields recorded; with `cutAfter`, the
   * first connection drops after that many bodies.
   */
  function recordingBodies(downloaded: Buffer[], cutAfter = Number.POSITIVE_INFINITY): SyncDeps {
    let connections = 0;
    return {
      ...deps,
      openConnector: async (a: SyncAccount): Promise<MailConnector> => {
        const real = await deps.openConnector(a);
        let budget = connections++ === 0 ? cutAfter : Number.POSITIVE_INFINITY;
        return {
          ...real,
          async *fetchMessages(f, ids) {
            for await (const m of real.fetchMessages(f, ids)) {
              if (budget-- <= 0) throw new MailError('TEMPORARY', 'connection reset');
              downloaded.push(m.raw);
              yield m;
            }
          },
        };
      },
    };
  }

  beforeAll(async () => {
    dovecot.addUser('allen', 'allen-pw');
    dovecot.seed('allen', 'INBOX', [...allenInbox.map(file), ...anonymous]);
    dovecot.seed('allen', 'Sent', allenSent.map(file));
    proxy = await startByteCountingProxy(dovecot.imapPort);
    accountId = (await addAccount('allen', 'allen-pw', 'allen-pw', proxy.port)).id;
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('after a UIDVALIDITY change downloads envelopes, then only the messages not stored yet', async () => {
    const first = await syncAccount(deps, { userId: user.id, accountId });
    expect(first.status).toBe('completed');
    const storedBefore = await countEmails(accountId);
    const wholeMailbox = proxy.bytesFromServer();

    // The folder gets a new UIDVALIDITY, and two messages arrive dated before the others, so
    // every UID of the folder moves (as when Exchange moves a mailbox).
    await dovecot.resetUidValidity('allen');
    const oldDate = new Date('1999-01-04T10:00:00Z');
    const arrivedWithId = { raw: fs.readFileSync(others[3]!), date: oldDate };
    const arrivedAnonymous = { ...withoutMessageId(others[4]!), date: oldDate };
    dovecot.seed('allen', 'INBOX', [arrivedWithId, arrivedAnonymous]);
    const inboxNow = await serverUids('INBOX');
    const sentNow = await serverUids('Sent');

    proxy.reset();
    const downloaded: Buffer[] = [];
    const result = await syncAccount(recordingBodies(downloaded), { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 2 });
    expect(await countEmails(accountId)).toBe(storedBefore + 2);

    // Bodies: the two new messages and the three that only their content identifies, nothing else.
    const expectedBodies = [arrivedWithId.raw, arrivedAnonymous.raw, ...anonymous.map((m) => m.raw)];
    // The server hands out CRLF line ends whatever the file has.
    const digest = (b: Buffer) => createHash('sha256').update(b.toString('latin1').replace(/\r\n/g, '\n')).digest('hex');
    expect(downloaded.map(digest).sort()).toEqual(expectedBodies.map(digest).sort());
    // On the wire: those bodies, and per message an envelope of a few hundred bytes at most.
    const messages = inboxNow.uids.size + sentNow.uids.size;
    const bodyBytes = expectedBodies.reduce((sum, b) => sum + b.length, 0);
    expect(proxy.bytesFromServer()).toBeLessThan(bodyBytes + messages * 300 + 30_000);
    expect(proxy.bytesFromServer()).toBeLessThan(wholeMailbox / 5);

    // Every stored message of a folder names its UID under the new UIDVALIDITY, and the cursor
    // stands at the end of the folder.
    for (const [folder, now] of [
      ['INBOX', inboxNow],
      ['Sent', sentNow],
    ] as const) {
      const rows = await t.deps.db
        .select({ messageId: emails.messageId, providerUid: emails.providerUid })
        .from(emails)
        .where(and(eq(emails.emailAccountId, accountId), eq(emails.folderName, folder)));
      const uidOf = new Map([...now.uids].map(([uid, id]) => [id, uid]));
      const expected = rows.filter((r) => r.messageId && uidOf.has(r.messageId));
      expect(expected.length).toBeGreaterThan(0);
      for (const row of expected) expect(row.providerUid).toBe(`${folder}:${uidOf.get(row.messageId)}`);
      const [cursor] = await t.deps.db
        .select()
        .from(mailFolders)
        .where(and(eq(mailFolders.emailAccountId, accountId), eq(mailFolders.path, folder)));
      expect(cursor).toMatchObject({
        uidvalidity: Number(now.uidValidity),
        lastUid: Math.max(...now.uids.keys()),
        uidNext: now.uidNext,
        messageCount: now.uids.size,
      });
    }

    // The next sync finds nothing to do and downloads nothing.
    proxy.reset();
    downloaded.length = 0;
    expect(await syncAccount(recordingBodies(downloaded), { userId: user.id, accountId })).toEqual({ status: 'completed', stored: 0 });
    expect(downloaded).toEqual([]);
    expect(proxy.bytesFromServer()).toBeLessThan(20_000);
  });

  it('a sync cut after a UIDVALIDITY change resumes with envelopes, not by downloading the folder again', async () => {
    await dovecot.resetUidValidity('allen');
    // More new mail than one batch, numbered before the mail already stored.
    const arrived = others
      .slice(5, 5 + SYNC_BATCH_SIZE + 20)
      .map((f) => ({ raw: fs.readFileSync(f), date: new Date('1999-02-01T10:00:00Z') }));
    dovecot.seed('allen', 'INBOX', arrived);
    const storedBefore = await countEmails(accountId);
    const downloaded: Buffer[] = [];
    // The connection drops in the second batch, after the first one is stored.
    const result = await syncAccount(recordingBodies(downloaded, SYNC_BATCH_SIZE + 5), { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: arrived.length });
    expect(await countEmails(accountId)).toBe(storedBefore + arrived.length);
    // The new mail, the three messages without a Message-ID (twice at most: once per attempt) and
    // what the cut interrupted; not the rest of the folder.
    expect(downloaded.length).toBeLessThanOrEqual(arrived.length + 2 * anonymous.length + 5);
    const [cursor] = await t.deps.db
      .select()
      .from(mailFolders)
      .where(and(eq(mailFolders.emailAccountId, accountId), eq(mailFolders.path, 'INBOX')));
    const inboxNow = await serverUids('INBOX');
    expect(cursor).toMatchObject({ uidvalidity: Number(inboxNow.uidValidity), lastUid: Math.max(...inboxNow.uids.keys()) });
  });
});

describe('failures', () => {
  beforeAll(() => {
    dovecot.addUser('small', 'small-pw');
    dovecot.seed('small', 'INBOX', inbox.slice(0, 250).map(file));
    dovecot.seed('small', 'Sent', sent.slice(0, 250).map(file));
  });

  it('a wrong password fails with a clear error asking to reconnect, and stores nothing', async () => {
    const account = await addAccount('small', 'small-pw', 'wrong-password');
    const result = await syncAccount(deps, { userId: user.id, accountId: account.id });
    expect(result).toMatchObject({ status: 'failed', errorCode: 'AUTH' });
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(row).toMatchObject({
      syncState: 'failed',
      lastSyncError: 'The mail server refused the saved credentials. Reconnect this account to resume syncing.',
    });
    expect(await countEmails(account.id)).toBe(0);
    // The failure reaches the user's bell (issue 21), with the address and the reason.
    const { rows: notes } = await t.database.pool.query<{ body: string }>(
      `select body from notifications where user_id = $1 and kind = 'sync_failed'`,
      [user.id],
    );
    expect(notes.map((n) => n.body)).toContain(`${row!.emailAddress}: ${row!.lastSyncError}`);
  });

  it('connections cut at random points still end with every message stored once', async () => {
    const account = await addAccount('small', 'small-pw');
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // A connector that drops the connection after a random number of fetched messages.
    const flaky: SyncDeps = {
      ...deps,
      openConnector: async (a: SyncAccount): Promise<MailConnector> => {
        const real = await deps.openConnector(a);
        // Up to almost two batches per connection: some attempts are cut inside their first batch.
        let budget = Math.floor(random() * 1.8 * SYNC_BATCH_SIZE);
        return {
          ...real,
          listFolders: () => real.listFolders(),
          listMessageIds: (f, q) => real.listMessageIds(f, q),
          close: () => real.close(),
          async *fetchMessages(f, ids) {
            for await (const m of real.fetchMessages(f, ids)) {
              if (budget-- <= 0) throw new MailError('TEMPORARY', 'connection reset');
              yield m;
            }
          },
        };
      },
    };
    const result = await syncAccount(flaky, { userId: user.id, accountId: account.id });
    expect(result.status).toBe('completed');
    expect(await countEmails(account.id)).toBe(500);
    const [dupes] = await t.deps.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from (select message_key from emails where email_account_id = ${account.id} group by message_key having count(*) > 1) d`,
      )
      .then((r) => r.rows);
    expect(dupes!.n).toBe(0);
  });

  it('a server killed in the middle of a sync is survived by reconnecting', async () => {
    const account = await addAccount('small', 'small-pw');
    let restarted: Promise<void> | undefined;
    // Backoff waits until the server is back (however long a loaded machine takes to restart it),
    // so every attempt but the first after the cut finds it up.
    const sleep = async (ms: number) => {
      await restarted;
      // A restarted Dovecot greets before its auth process is up on a loaded machine: give it a moment.
      await new Promise((r) => setTimeout(r, Math.min(ms, 500)));
    };
    const running = syncAccount({ ...deps, sleep }, { userId: user.id, accountId: account.id });
    await new Promise((r) => setTimeout(r, 150));
    restarted = dovecot.restart();
    await restarted;
    const result = await running;
    expect(result, JSON.stringify(result)).toMatchObject({ status: 'completed' });
    expect(await countEmails(account.id)).toBe(500);
  });

  it('stop during a download stops within one batch', async () => {
    const account = await addAccount('small', 'small-pw');
    let batches = 0;
    const stopping: SyncDeps = {
      ...deps,
      parseMessages: async (raws) => {
        batches += 1;
        if (batches === 2) await t.deps.db.update(emailAccounts).set({ stopDownload: true }).where(eq(emailAccounts.id, account.id));
        return parseInline(raws);
      },
    };
    const result = await syncAccount(stopping, { userId: user.id, accountId: account.id });
    expect(result.status).toBe('stopped');
    // Asked while the second batch was being prepared: at most that batch is stored after it.
    const stored = await countEmails(account.id);
    expect(stored).toBeGreaterThanOrEqual(SYNC_BATCH_SIZE);
    expect(stored).toBeLessThanOrEqual(2 * SYNC_BATCH_SIZE);
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(row!.syncState).toBe('stopped');
  });
});
