// `npm run bench -- training-overview [emails]`: the reads behind the one training status and the
// default range (issue 16) on 200,000 emails (by default) across 4 accounts of one user: the
// Training overview of one account (newest received and sent email for the range, the status
// inputs) and the account list (each account's status, with whether a training download runs).
// Worst case for the range: an account whose only sent email is its oldest, so the newest-first
// walk for sent mail reads the whole account.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listAccounts } from '../apps/server/src/accounts/service.ts';
import { connectDatabase, ensureDatabaseExists, withDatabaseName } from '../apps/server/src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { getTrainingOverview } from '../apps/server/src/training/service.ts';
import { seedEmails, type Timing } from './email-stats.ts';

async function time(runs: number, work: () => Promise<unknown>): Promise<Timing> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, maxMs: times.at(-1)! };
}

const fmt = (t: Timing) => `median ${t.medianMs.toFixed(1)} ms, max ${t.maxMs.toFixed(1)} ms`;

async function main() {
  const total = Number(process.argv[2] ?? 200_000);
  const accounts = 4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-training-'));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), secretDir: dir });
  try {
    await ensureDatabaseExists(server.url, 'penman');
    const database = connectDatabase(withDatabaseName(server.url, 'penman'));
    await runMigrations(database);
    const { db, pool } = database;
    const userId = 'bench-user';
    await pool.query(`insert into users (id, name, email) values ($1, 'Bench', 'bench@example.com')`, [userId]);
    const accountIds: string[] = [];
    for (let i = 0; i < accounts; i++) {
      const address = `owner${i}@bench.test`;
      const { rows } = await pool.query<{ id: string }>(
        `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, $2, 'exchange', $2) returning id`,
        [userId, address],
      );
      accountIds.push(rows[0]!.id);
    }
    await seedEmails(pool, { userId, accountIds, perAccount: Math.round(total / accounts) });
    // The last account keeps one sent email, its oldest: the worst walk for the newest sent email.
    const worst = accountIds.at(-1)!;
    await pool.query(
      `update emails set is_outgoing = false where email_account_id = $1 and id <> (
         select id from emails where email_account_id = $1 and is_outgoing order by received_date limit 1)`,
      [worst],
    );
    await pool.query(
      `update email_accounts a set incoming_emails_count = s.incoming, outgoing_emails_count = s.outgoing
       from (select email_account_id, count(*) filter (where not is_outgoing)::int as incoming,
               count(*) filter (where is_outgoing)::int as outgoing from emails group by 1) s
       where s.email_account_id = a.id`,
    );
    await pool.query('vacuum analyze emails');

    const clock = { now: () => new Date() };
    const overview = (accountId: string) => getTrainingOverview({ db, userId, accountId, clock });
    console.log(`emails: ${total.toLocaleString('en-US')} in ${accounts} accounts`);
    console.log(`Training overview, one account:                ${fmt(await time(9, () => overview(accountIds[0]!)))}`);
    console.log(`Training overview, only sent email the oldest: ${fmt(await time(9, () => overview(worst)))}`);
    console.log(`account list (${accounts} accounts with their status):  ${fmt(await time(9, () => listAccounts({ db, userId })))}`);
    await database.pool.end();
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
