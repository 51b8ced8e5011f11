// `npm run bench -- email-stats [emails]`: 200,000 emails (by default) across 4 accounts of one user
// in a fresh embedded PostgreSQL (default durability), then the statistics work of the Analytics
// screen and the Dashboard overview through the same service functions the routes call:
// recalculate-email-stats, calculate-top-senders, the charts query and the overview counts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { calculateTopSenders, getCharts, recalculateEmailStats } from '../apps/server/src/analytics/service.ts';
import { getOverviewStats } from '../apps/server/src/dashboard/service.ts';
import { connectDatabase, type Database, type Db, ensureDatabaseExists, withDatabaseName } from '../apps/server/src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';

const TARGETS_MS = { recalculate: 2000, topSenders: 500 };

export type Timing = { medianMs: number; maxMs: number };
export type EmailStatsFigures = {
  /** recalculate-email-stats of one account (a quarter of the mail). */
  recalculateAccount: Timing;
  /** recalculate-email-stats of every account, one after the other (the 'All accounts' button). */
  recalculateAllAccounts: Timing;
  topSendersAccount: Timing;
  chartsAccountDay: Timing;
  chartsAccountWeek: Timing;
  chartsAllAccountsDay: Timing;
  chartsAllAccountsWeek: Timing;
  overviewStats: Timing;
};

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

/**
 * Times the statistics work over a user's accounts (median and worst of `runs` runs each), after
 * one warm-up run of each. Usable on any database holding the user's mail (e.g. `bench/emails.ts`).
 */
export async function measureEmailStats(db: Db, { userId, accountIds, runs = 5 }: { userId: string; accountIds: string[]; runs?: number }) {
  const accountId = accountIds[0]!;
  const scope = { db, userId, accountId };
  const charts = (id: string | null, granularity: 'day' | 'week') => getCharts({ db, userId, accountId: id, granularity });
  await recalculateEmailStats(scope);
  await calculateTopSenders(scope);
  await charts(accountId, 'day');
  await charts(null, 'day');
  const figures: EmailStatsFigures = {
    recalculateAccount: await time(runs, () => recalculateEmailStats(scope)),
    recalculateAllAccounts: await time(runs, async () => {
      for (const id of accountIds) await recalculateEmailStats({ db, userId, accountId: id });
    }),
    topSendersAccount: await time(runs, () => calculateTopSenders(scope)),
    chartsAccountDay: await time(runs, () => charts(accountId, 'day')),
    chartsAccountWeek: await time(runs, () => charts(accountId, 'week')),
    chartsAllAccountsDay: await time(runs, () => charts(null, 'day')),
    chartsAllAccountsWeek: await time(runs, () => charts(null, 'week')),
    overviewStats: await time(runs, () => getOverviewStats({ db, userId })),
  };
  return figures;
}

/**
 * `perAccount` emails in each account with one SQL insert each: one in four is the user's reply
 * to the email before it (0 to 99 hours later), senders drawn from 2,000 addresses (skewed), one
 * in ten with attachments, a ~600-character body, dates every 25 minutes from 2022 on.
 */
export async function seedEmails(
  pool: Database['pool'],
  { userId, accountIds, perAccount }: { userId: string; accountIds: string[]; perAccount: number },
) {
  await pool.query('select setseed(0.42)');
  for (const [index, accountId] of accountIds.entries()) {
    await pool.query(
      `insert into emails (user_id, email_account_id, message_key, message_id, in_reply_to, subject, sender_email, sender_name,
        recipient_emails, received_date, folder_name, has_attachments, body_text, is_outgoing, is_training_data, is_read, size_bytes)
      select $1, $2::uuid, m.id, m.id, case when m.reply then $2 || '-' || (g - 1) end,
        'Subject number ' || g, case when m.reply then $3 else 'sender' || m.sender || '@example' || (m.sender % 40) || '.com' end,
        case when m.reply then 'Owner' else 'Sender ' || m.sender end, array[$3],
        timestamptz '2022-01-01 00:00:00+00' + g * interval '25 minutes' + case when m.reply then ((g / 4) % 100) * interval '1 hour' else interval '0' end,
        case when m.reply then 'Sent' else 'INBOX' end, g % 10 = 0,
        repeat('Quarterly figures, meeting notes and the usual follow-up about the project. ', 8) || g,
        m.reply, m.reply, g % 3 <> 0, 2000 + g % 5000
      from generate_series(1, $4::int) g,
        lateral (select $2 || '-' || g as id, g % 4 = 1 as reply, floor(power(random(), 3) * 2000)::int as sender) m`,
      [userId, accountId, `owner${index}@bench.test`, perAccount],
    );
  }
  // Autovacuum does this soon after a bulk insert; measure the steady state, not the first minute.
  await pool.query('vacuum analyze emails');
}

const fmt = (t: Timing) => `median ${t.medianMs.toFixed(1)} ms, max ${t.maxMs.toFixed(1)} ms`;

async function main() {
  const total = Number(process.argv[2] ?? 200_000);
  const accounts = 4;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-stats-'));
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
    const seedStarted = performance.now();
    await seedEmails(pool, { userId, accountIds, perAccount: Math.round(total / accounts) });
    console.log(
      `seeded ${total.toLocaleString('en-US')} emails in ${accounts} accounts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const figures = await measureEmailStats(db, { userId, accountIds });
    console.log(`recalculate-email-stats, one account:     ${fmt(figures.recalculateAccount)}`);
    console.log(`recalculate-email-stats, all 4 accounts:  ${fmt(figures.recalculateAllAccounts)}`);
    console.log(`calculate-top-senders, one account:       ${fmt(figures.topSendersAccount)}`);
    console.log(`charts, one account, by day:              ${fmt(figures.chartsAccountDay)}`);
    console.log(`charts, one account, by week:             ${fmt(figures.chartsAccountWeek)}`);
    console.log(`charts, all accounts, by day:             ${fmt(figures.chartsAllAccountsDay)}`);
    console.log(`charts, all accounts, by week:            ${fmt(figures.chartsAllAccountsWeek)}`);
    console.log(`dashboard overview counts:                ${fmt(figures.overviewStats)}`);
    await database.pool.end();
    const missed =
      figures.recalculateAccount.maxMs > TARGETS_MS.recalculate ||
      figures.recalculateAllAccounts.maxMs > TARGETS_MS.recalculate ||
      figures.topSendersAccount.maxMs > TARGETS_MS.topSenders;
    console.log(
      missed ? 'TARGETS MISSED' : `targets met (recalculation < ${TARGETS_MS.recalculate} ms, top senders < ${TARGETS_MS.topSenders} ms)`,
    );
    process.exitCode = missed ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
