import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../platform/crypto.ts';
import { emailAccounts, emails, mailFolders } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { type DovecotServer, startDovecot } from '../test-support/dovecot.ts';
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
    openConnector: connectorFactory({ secretBox, imapCa: ca }),
    parseMessages: parsePool.parse,
    sleep: async () => {},
  };
}, 30_000);
afterAll(async () => {
  await parsePool.close();
  await dovecot?.stop();
});

let accountsAdded = 0;

async function addAccount(mailUser: string, password: string, stored = password) {
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
      port: dovecot.imapPort,
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
    await resetUidValidity(dovecot, 'vince');
    const result = await syncAccount(deps, { userId: user.id, accountId });
    expect(result).toEqual({ status: 'completed', stored: 0 });
    const after = await t.deps.db.select().from(mailFolders).where(eq(mailFolders.emailAccountId, accountId));
    const inboxBefore = before.find((f) => f.path === 'INBOX')!;
    const inboxAfter = after.find((f) => f.path === 'INBOX')!;
    expect(inboxAfter.uidvalidity).not.toBe(inboxBefore.uidvalidity);
    expect(await countEmails(accountId)).toBe(inbox.length + sent.length + 1);
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
      await new Promise((r) => setTimeout(r, Math.min(ms, 50)));
    };
    const running = syncAccount({ ...deps, sleep }, { userId: user.id, accountId: account.id });
    await new Promise((r) => setTimeout(r, 150));
    restarted = dovecot.restart();
    await restarted;
    const result = await running;
    expect(result.status).toBe('completed');
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

async function resetUidValidity(server: DovecotServer, mailUser: string) {
  // Dovecot gives a folder a new UIDVALIDITY when its uid list and indexes are gone.
  for (const folder of ['', '.Sent']) {
    const dir = path.join(server.homeOf(mailUser), 'Maildir', folder);
    for (const name of fs.readdirSync(dir)) if (name.startsWith('dovecot')) fs.rmSync(path.join(dir, name), { force: true });
  }
  await new Promise((r) => setTimeout(r, 1100));
  await server.restart();
}
