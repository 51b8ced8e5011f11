import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailAccounts, emails } from '../platform/db/schema/index.ts';
import { defineJob, startWorkers, subscribe } from '../platform/queue.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { connectorFactory } from './connectors/index.ts';
import { toMbox } from './connectors/mbox/fixtures.ts';
import { encodeMailboxSecret } from './connectors/mbox/mbox-connector.ts';
import { type MailStored, mailStoredEvent } from './jobs.ts';
import { parseInline } from './parse-messages.ts';
import { indexStoredMail, runSync } from './service.ts';
import { SYNC_BATCH_SIZE, syncAccount } from './sync.ts';

/**
 * "Mail stored" is the one way areas learn of new mail: the sync publishes it in each batch's
 * transaction, pg-boss fans it out as one job per subscribed queue (job-handlers.ts), and a new
 * subscriber needs nothing from the sync.
 */
const t = await createTestApp();
const { user } = await t.signUpAndIn('john@example.com');
// His sent mail labelled as Google Takeout files it: the file's Sent folder.
const raws = [
  ...enronFolder('lavorato-j', 'inbox')
    .slice(0, 200)
    .map((file) => fs.readFileSync(file)),
  ...enronFolder('lavorato-j', 'sent')
    .slice(0, 120)
    .map((file) => Buffer.concat([Buffer.from('X-Gmail-Labels: Sent\n'), fs.readFileSync(file)])),
];

/** An imported-mailbox account of John over an mbox of `raws`, stored under its storage key. */
async function mboxAccount(address: string, userId = user.id) {
  const [row] = await t.deps.db
    .insert(emailAccounts)
    .values({ userId, emailAddress: address, provider: 'mbox', displayName: address })
    .returning({ id: emailAccounts.id });
  const key = `imports/${userId}/${row!.id}/mailbox.mbox`;
  await t.deps.storage.saveStream(key, Readable.from([toMbox(raws)]));
  await t.deps.db
    .update(emailAccounts)
    .set({ encryptedPassword: t.deps.secretBox.encrypt(encodeMailboxSecret({ key })) })
    .where(eq(emailAccounts.id, row!.id));
  return row!.id;
}

/** The payloads of the jobs waiting in a subscriber's queue for one account. */
async function queued(queueName: string, accountId: string): Promise<MailStored[]> {
  const { rows } = await t.deps.db.execute<{ data: MailStored }>(
    sql`select data from pgboss.job where name = ${queueName} and data->>'accountId' = ${accountId} order by created_on`,
  );
  return rows.map((row) => row.data);
}

async function storedIds(accountId: string): Promise<string[]> {
  const rows = await t.deps.db.select({ id: emails.id }).from(emails).where(eq(emails.emailAccountId, accountId));
  return rows.map((row) => row.id).sort();
}

describe('mail stored', () => {
  it('is published once per stored batch with the ids that batch inserted, to every subscriber', async () => {
    const accountId = await mboxAccount('john.lavorato@enron.com');
    const result = await runSync(t.deps, { userId: user.id, accountId, options: { source: 'sync' } });
    expect(result.status).toBe('completed');

    const ids = await storedIds(accountId);
    expect(ids.length).toBeGreaterThan(SYNC_BATCH_SIZE);
    const events = await queued('contacts.on-mail-stored', accountId);
    expect(events.every((event) => event.userId === user.id && event.source === 'sync')).toBe(true);
    expect(events.every((event) => event.emailIds.length > 0 && event.emailIds.length <= SYNC_BATCH_SIZE)).toBe(true);
    // Every stored email is announced exactly once.
    expect(events.flatMap((event) => event.emailIds).sort()).toEqual(ids);
    // The search indexer subscribes too; its queue keeps at most one run waiting.
    expect((await queued('mail.index-stored-mail', accountId)).length).toBe(1);
  });

  it('is committed with its batch: a batch that rolls back announces nothing', async () => {
    const other = await t.signUpAndIn('john.lavorato@example.com');
    const accountId = await mboxAccount('john.lavorato@enron.com', other.user.id);
    // Every Sent batch fails at its resume point, after its emails were inserted.
    await t.deps.db.execute(
      sql.raw(`
      create function fail_sent_cursor() returns trigger language plpgsql as $$
      begin
        if new.path = 'Sent' and new.email_account_id = '${accountId}' then raise exception 'injected failure'; end if;
        return new;
      end $$;
      create trigger fail_sent_cursor before insert or update on mail_folders for each row execute function fail_sent_cursor();`),
    );
    try {
      const result = await syncAccount(
        {
          db: t.deps.db,
          queue: t.deps.queue,
          openConnector: connectorFactory({ secretBox: t.deps.secretBox, storage: t.deps.storage, allowPrivateHosts: true }),
          parseMessages: parseInline,
          sleep: async () => {},
        },
        { userId: other.user.id, accountId },
      );
      expect(result.status).toBe('failed');
    } finally {
      await t.deps.db.execute(sql`drop trigger fail_sent_cursor on mail_folders; drop function fail_sent_cursor()`);
    }
    const ids = await storedIds(accountId);
    // The inbox was stored and announced; none of the Sent batches were.
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(raws.length);
    const announced = (await queued('contacts.on-mail-stored', accountId)).flatMap((event) => event.emailIds).sort();
    expect(announced).toEqual(ids);
  });

  it("the search indexer leaves a downloading account's mail until its download ends, and indexes the other accounts' meanwhile", async () => {
    const accountId = await mboxAccount('john.j.lavorato@enron.com');
    await runSync(t.deps, { userId: user.id, accountId });
    const waiting = async () => (await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from email_search_queue`)).rows[0]!.n;
    expect(await waiting()).toBeGreaterThan(0);
    // A run is always waiting to come back (the queue keeps one: 'stately').
    const queuedRuns = async () =>
      (
        await t.deps.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'mail.index-stored-mail' and state = 'created'`,
        )
      ).rows[0]!.n;

    // A download of this account is under way (another sync of it, started a moment ago).
    await t.deps.db.execute(sql`update mailbox_sync set status = 'running', started_at = now() where email_account_id = ${accountId}`);
    await indexStoredMail(t.deps, { accountId }, { downloadCheckMs: 10, downloadWaitMs: 100 });
    expect(await waiting()).toBeGreaterThan(0);
    expect(await queuedRuns()).toBe(1);

    // It indexes as soon as the download ends, within the same run.
    const run = indexStoredMail(t.deps, { accountId }, { downloadCheckMs: 10, downloadWaitMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await waiting()).toBeGreaterThan(0);
    await t.deps.db.execute(sql`update mailbox_sync set status = 'completed' where email_account_id = ${accountId}`);
    await run;
    expect(await waiting()).toBe(0);

    // Another account's mail is indexed while this one downloads; this one's waits for its download.
    const queuedOf = async (id: string) =>
      (
        await t.deps.db.execute<{ n: number }>(
          sql`select count(*)::int as n from email_search_queue q join emails e on e.id = q.email_id where e.email_account_id = ${id}`,
        )
      ).rows[0]!.n;
    await t.deps.db.execute(sql`insert into email_search_queue (email_id) select id from emails where email_account_id = ${accountId}`);
    const otherAccount = await mboxAccount('lavorato.other@enron.com');
    await runSync(t.deps, { userId: user.id, accountId: otherAccount });
    expect(await queuedOf(otherAccount)).toBeGreaterThan(0);
    await t.deps.db.execute(sql`update mailbox_sync set status = 'running', started_at = now() where email_account_id = ${accountId}`);
    // The run that waits is the downloading account's (the queue keeps one run waiting: it may be any account's).
    await indexStoredMail(t.deps, { accountId }, { downloadCheckMs: 10, downloadWaitMs: 100 });
    expect(await queuedOf(otherAccount)).toBe(0);
    expect(await queuedOf(accountId)).toBeGreaterThan(0);
    await t.deps.db.execute(sql`update mailbox_sync set status = 'completed' where email_account_id = ${accountId}`);
    await indexStoredMail(t.deps, {}, { downloadCheckMs: 10, downloadWaitMs: 100 });
    expect(await waiting()).toBe(0);

    // A sync that died long ago does not hold the index back.
    await runSync(t.deps, { userId: user.id, accountId: await mboxAccount('j.lavorato@enron.com') });
    await t.deps.db.execute(sql`update mailbox_sync set status = 'running', started_at = now() - interval '1 hour'`);
    await t.deps.db.execute(sql`update email_accounts set updated_at = now() - interval '1 hour'`);
    await indexStoredMail(t.deps, { accountId }, { downloadCheckMs: 10, downloadWaitMs: 10_000 });
    expect(await waiting()).toBe(0);
  });

  it('reaches a new subscriber without any change to the sync', async () => {
    const accountId = await mboxAccount('jlavorato@enron.com');
    const received: MailStored[] = [];
    const probe = defineJob({ name: 'test.on-mail-stored', payload: mailStoredEvent.payload });
    await startWorkers(
      t.deps.queue,
      [
        subscribe(mailStoredEvent, probe, async (payload) => {
          if (payload.accountId === accountId) received.push(payload);
        }),
      ],
      t.deps,
    );
    await runSync(t.deps, { userId: user.id, accountId, options: { source: 'initial' } });
    const ids = await storedIds(accountId);
    const deadline = Date.now() + 20_000;
    while (received.flatMap((event) => event.emailIds).length < ids.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received.flatMap((event) => event.emailIds).sort()).toEqual(ids);
    expect(received.every((event) => event.source === 'initial')).toBe(true);
  });
});
