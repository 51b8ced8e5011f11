// `npm run bench -- aliases [emails]`: the cost of the user's own addresses on a large mailbox.
// 200,000 emails (by default) across 4 accounts of one user (`seedEmails` of the email-stats bench:
// a quarter of them the user's replies, filed in a Sent folder the sync recorded as \Sent), in a
// fresh embedded PostgreSQL. Times (1) what the end of every sync now does for the aliases (the
// proposals) against what it did before (learning aliases from Sent and re-marking mail from them),
// and (2) the recompute job after the user confirms an address: every step, through the service
// functions the job runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runAliasesRecompute, updateAliases } from '../apps/server/src/accounts/aliases-service.ts';
import { rebuildContacts } from '../apps/server/src/contacts/service.ts';
import {
  calculateTopSenders,
  listMailDirectionChanges,
  recalculateAccountStatistics,
  refreshAliasProposals,
  remarkMailDirection,
} from '../apps/server/src/mail/service.ts';
import { connectDatabase, type Db, ensureDatabaseExists, withDatabaseName } from '../apps/server/src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { startQueue } from '../apps/server/src/platform/queue.ts';
import { analyzeCommunicationStyle } from '../apps/server/src/style/service.ts';
import { seedEmails, type Timing } from './email-stats.ts';

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)! };
}
const fmt = (t: Timing) => `median ${t.medianMs.toFixed(0)} ms, max ${t.maxMs.toFixed(0)} ms`;
const once = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return `${(performance.now() - started).toFixed(0)} ms`;
};

/** What finishSync did for the aliases before issue 16: learn every From of the Sent folder, then mark mail from them outgoing. */
async function learnAliasesAsBefore(db: Db, account: { id: string; userId: string }) {
  await db.execute(sql`
    update email_accounts a set aliases = coalesce((
      select array_agg(distinct e.sender_email order by e.sender_email) from emails e
      where e.email_account_id = a.id and e.user_id = a.user_id and e.sender_email is not null and e.sender_email <> lower(a.email_address)
        and e.folder_name in (select path from mail_folders f where f.email_account_id = a.id and f.special_use = '\\Sent')
    ), '{}'), last_sync_at = now()
    where a.id = ${account.id} and a.user_id = ${account.userId}`);
  await db.execute(sql`
    update emails e set is_outgoing = true, is_read = true
    from email_accounts a
    where a.id = ${account.id} and e.email_account_id = a.id and e.user_id = ${account.userId} and not e.is_outgoing
      and (e.sender_email = lower(a.email_address) or e.sender_email = any(a.aliases))`);
}

async function main() {
  const total = Number(process.argv[2] ?? 200_000);
  const accounts = 4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-aliases-'));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), secretDir: dir });
  try {
    await ensureDatabaseExists(server.url, 'penman');
    const database = connectDatabase(withDatabaseName(server.url, 'penman'));
    await runMigrations(database);
    const { db, pool } = database;
    const queue = await startQueue(withDatabaseName(server.url, 'penman'));
    const userId = 'bench-user';
    await pool.query(`insert into users (id, name, email) values ($1, 'Bench Owner', 'bench@example.com')`, [userId]);
    const accountIds: string[] = [];
    for (let i = 0; i < accounts; i++) {
      const address = `owner${i}@bench.test`;
      const { rows } = await pool.query<{ id: string }>(
        `insert into email_accounts (user_id, email_address, provider, display_name, initialization_status)
         values ($1, $2, 'exchange', $2, 'completed') returning id`,
        [userId, address],
      );
      accountIds.push(rows[0]!.id);
      await pool.query(
        `insert into mail_folders (user_id, email_account_id, path, special_use) values ($1, $2, 'Sent', '\\Sent'), ($1, $2, 'INBOX', '\\Inbox')`,
        [userId, rows[0]!.id],
      );
    }
    await seedEmails(pool, { userId, accountIds, perAccount: Math.round(total / accounts) });
    const accountId = accountIds[0]!;
    const scope = { db, userId, accountId };
    const perAccount = Math.round(total / accounts);
    console.log(`seeded ${total.toLocaleString('en-US')} emails, ${perAccount.toLocaleString('en-US')} in the account measured`);

    // (1) The end of every sync.
    await refreshAliasProposals(scope);
    await learnAliasesAsBefore(db, { id: accountId, userId });
    console.log(
      `end of sync, aliases before issue 16 (learn from Sent, re-mark mail): ${fmt(await time(5, () => learnAliasesAsBefore(db, { id: accountId, userId })))}`,
    );
    console.log(
      `end of sync, proposals now (refreshAliasProposals):                  ${fmt(await time(5, () => refreshAliasProposals(scope)))}`,
    );

    // (2) The user confirms the most frequent sender as an own address: the recompute job, step by step.
    const { rows: top } = await pool.query<{ sender_email: string; n: number }>(
      `select sender_email, count(*)::int as n from emails where email_account_id = $1 and not is_outgoing group by 1 order by 2 desc limit 1`,
      [accountId],
    );
    const alias = top[0]!.sender_email;
    await updateAliases({ db, userId, accountId, queue, input: { aliases: [alias] } });
    let ids: string[] = [];
    const found = await once(async () => {
      ids = await listMailDirectionChanges(scope);
    });
    console.log(`confirming ${alias}: ${ids.length.toLocaleString('en-US')} emails change direction`);
    console.log(`  direction, found in one pass:     ${found}`);
    const direction = await once(async () => {
      for (let start = 0; start < ids.length; start += 2_000) await remarkMailDirection(scope, ids.slice(start, start + 2_000));
    });
    console.log(`  direction, turned 2,000 a time:   ${direction}`);
    console.log(
      `  counters and top senders:         ${await once(async () => {
        await recalculateAccountStatistics(scope);
        await calculateTopSenders(scope);
        await refreshAliasProposals(scope);
      })}`,
    );
    console.log(`  contact book rebuilt:             ${await once(() => rebuildContacts(scope))}`);
    console.log(`  style profile (1,500 sent):       ${await once(() => analyzeCommunicationStyle(scope, 'none'))}`);
    // The whole job, as the worker runs it, after the user takes the address back.
    await updateAliases({ db, userId, accountId, queue, input: { aliases: [] } });
    console.log(
      `the whole job (runAliasesRecompute) after removing it again: ${await once(() => runAliasesRecompute({ db, queue }, { userId, accountId }))}`,
    );
    await queue.stop();
    await pool.end();
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
