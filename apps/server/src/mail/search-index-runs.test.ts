import fs from 'node:fs';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../job-handlers.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';
import { registerJobs, startWorkers } from '../platform/queue.ts';
import { createTestApp } from '../test-support/app.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { toMbox } from './connectors/mbox/fixtures.ts';
import { encodeMailboxSecret } from './connectors/mbox/mbox-connector.ts';
import { indexStoredMailJob, mailStoredEvent } from './jobs.ts';
import { runSync } from './service.ts';

/**
 * The search indexer as the server runs it: a pg-boss worker of `mail.index-stored-mail` fed by
 * "mail stored". Issue 33: in CI a just-imported mailbox stayed unindexed for over 35 s.
 */
const t = await createTestApp();
const db = t.deps.db;
const { boss } = t.deps.queue;
const { user } = await t.signUpAndIn('runs@example.com');

const raws = enronFolder('lavorato-j', 'inbox')
  .slice(0, 40)
  .map((file) => fs.readFileSync(file));

/** An imported-mailbox account over an mbox of `raws` (as the import stores one). */
async function mboxAccount(address: string) {
  const [row] = await db
    .insert(emailAccounts)
    .values({ userId: user.id, emailAddress: address, provider: 'mbox', displayName: address })
    .returning({ id: emailAccounts.id });
  const key = `imports/${user.id}/${row!.id}/mailbox.mbox`;
  await t.deps.storage.saveStream(key, Readable.from([toMbox(raws)]));
  await db
    .update(emailAccounts)
    .set({ encryptedPassword: t.deps.secretBox.encrypt(encodeMailboxSecret({ key })) })
    .where(eq(emailAccounts.id, row!.id));
  return row!.id;
}

const queuedOf = async (accountId: string) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_search_queue q join emails e on e.id = q.email_id where e.email_account_id = ${accountId}`,
    )
  ).rows[0]!.n;

const runs = async (state: string) =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${indexStoredMailJob.name} and state = ${state}`,
    )
  ).rows[0]!.n;

/** Polls `check` every 100 ms until it holds or `ms` have passed; answers whether it held. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the search indexer job', () => {
  it("is 'short' in a database whose queue was created 'stately', and still subscribed to mail stored", async () => {
    // As every version before issue 33's fix created it.
    await boss.deleteQueue(indexStoredMailJob.name);
    await boss.createQueue(indexStoredMailJob.name, { policy: 'stately', notify: true, retryLimit: 5, retryBackoff: true });
    await boss.subscribe(mailStoredEvent.name, indexStoredMailJob.name);
    await boss.send(indexStoredMailJob.name, {});

    await registerJobs(t.deps.queue, jobHandlers);
    expect((await boss.getQueue(indexStoredMailJob.name))?.policy).toBe('short');
    await t.deps.queue.publish(mailStoredEvent, { userId: user.id, accountId: crypto.randomUUID(), emailIds: [], source: 'sync' });
    expect(await runs('created')).toBe(1);
  });

  it('runs again for mail stored after a run that pg-boss counted while it was active', async () => {
    await startWorkers(
      t.deps.queue,
      jobHandlers.filter((registration) => registration.job === indexStoredMailJob),
      t.deps,
    );
    // A run is active: it waits for a download (another account's, which stays queued meanwhile).
    const downloading = await mboxAccount('downloading@enron.com');
    await runSync(t.deps, { userId: user.id, accountId: downloading });
    await db.execute(sql`update mailbox_sync set status = 'running', started_at = now() where email_account_id = ${downloading}`);
    await t.deps.queue.enqueue(indexStoredMailJob, {});
    expect(await eventually(async () => (await runs('active')) === 1, 10_000)).toBe(true);

    // pg-boss's monitor counts the queue's jobs (every 60 s; here now) while that run is active,
    // and the worker reloads its copy of the queue's row (every 60 s; here now).
    await db.execute(sql`update pgboss.queue set monitor_on = now() - interval '1 hour' where name = ${indexStoredMailJob.name}`);
    await boss.getQueueStats(indexStoredMailJob.name, { force: true });
    await boss.updateQueue(indexStoredMailJob.name, { retryLimit: indexStoredMailJob.retryLimit ?? 3 });

    // The download ends: the run indexes that account's mail and finishes.
    await db.execute(sql`update mailbox_sync set status = 'completed' where email_account_id = ${downloading}`);
    expect(await eventually(async () => (await queuedOf(downloading)) === 0 && (await runs('active')) === 0, 10_000)).toBe(true);

    // A mailbox is imported: its mail stored announces it, and a run indexes it. Before the fix the
    // waiting run was not fetched until pg-boss counted the queue again and the worker reloaded it
    // (up to two minutes): the monitor's count still said a run was active.
    const imported = await mboxAccount('imported@enron.com');
    const result = await runSync(t.deps, { userId: user.id, accountId: imported, options: { source: 'initial' } });
    expect(result.stored).toBe(raws.length);
    expect(await eventually(async () => (await queuedOf(imported)) === 0, 20_000)).toBe(true);
  });
});
