// `node --import tsx bench/drafts-speed.ts [messages] [emails]` (the lead joins it into
// `npm run bench -- drafts`): drafting's two speed figures of issue 18.
//
// (a) Time to draft: an initialized IMAP account on a real Dovecot, the new-mail watcher (IMAP
//     IDLE) and the job workers running as in production; 50 messages APPENDed one after another,
//     each timed from the APPEND until its draft row exists (p50, p95). Target p95 < 5 s.
// (b) Compose latency, built-in engine: a 50,000-email account (bench/email-stats.ts' seed, given
//     varied words and threads, then search-indexed); for 100 of its incoming emails, the gathering
//     of the ComposeInput (thread, contact, style profile, past replies by full text, knowledge,
//     attachment suggestions) plus the built-in compose; p95 over the 100. Target p95 < 200 ms.
// Each part starts its own embedded PostgreSQL (default durability) in a temporary directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDeps } from '../apps/server/src/deps.ts';
import { composeReply } from '../apps/server/src/drafts/engine/compose.ts';
import { gatherComposeInput } from '../apps/server/src/drafts/gather.ts';
import { composeDraftForEmail } from '../apps/server/src/drafts/service.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { jobHandlers } from '../apps/server/src/job-handlers.ts';
import { indexEmailsForSearch } from '../apps/server/src/mail/search-index.ts';
import { startNewMailWatcher } from '../apps/server/src/mail/service.ts';
import { connectDatabase, type Database, ensureDatabaseExists, withDatabaseName } from '../apps/server/src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/platform/db/migrate.ts';
import { startWorkers } from '../apps/server/src/platform/queue.ts';
import { startDovecot } from '../apps/server/src/test-support/dovecot.ts';
import {
  addInitializedImapAccount,
  appendToInbox,
  draftOfEmail,
  emailIdByMessageId,
  personalMail,
  waitFor,
} from '../apps/server/src/test-support/drafting.ts';
import { seedEmails } from './email-stats.ts';

export type Percentiles = { p50Ms: number; p95Ms: number; maxMs: number; count: number };

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50Ms: at(50), p95Ms: at(95), maxMs: sorted.at(-1) ?? 0, count: sorted.length };
}

/** A fresh embedded PostgreSQL with the migrations applied; `stop` removes it. */
async function benchDatabase(name: string): Promise<{ database: Database; dir: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `penman-bench-${name}-`));
  fs.chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'pg'), secretDir: dir });
  await ensureDatabaseExists(server.url, 'penman');
  const database = connectDatabase(withDatabaseName(server.url, 'penman'));
  await runMigrations(database);
  return {
    database,
    dir,
    stop: async () => {
      await database.pool.end().catch(() => {});
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchDeps(name: string, imapCa?: string) {
  const base = await benchDatabase(name);
  const env = parseEnv({
    NODE_ENV: 'production',
    DATA_DIR: path.join(base.dir, 'data'),
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    PUBLIC_URL: 'http://localhost:3000',
    ALLOW_PRIVATE_MAIL_HOSTS: 'true',
    LOG_LEVEL: 'error',
  });
  const deps = await openDeps(env, { database: base.database, startParseThreads: true, ...(imapCa ? { imapCa } : {}) });
  const userId = 'bench-user';
  await base.database.pool.query(`insert into users (id, name, email) values ($1, 'Bench', 'bench@example.com')`, [userId]);
  return {
    deps,
    database: base.database,
    userId,
    stop: async () => {
      await deps.close();
      await base.stop();
    },
  };
}

/**
 * (a) APPEND -> draft row, one message after another, with the watcher and workers running; also
 * split at the email row's appearance: noticed and downloaded (watcher, sync) vs triaged and drafted.
 */
export async function timeToDraft(messages = 50): Promise<Percentiles & { stored: Percentiles; drafted: Percentiles }> {
  const dovecot = await startDovecot();
  const ca = fs.readFileSync(dovecot.caFile, 'utf8');
  const { deps, userId, stop } = await benchDeps('time-to-draft', ca);
  const owner = 'owner@bench.test';
  const watcher = startNewMailWatcher(deps, { maxImapConnections: 5 });
  try {
    await startWorkers(deps.queue, jobHandlers, deps);
    const accountId = await addInitializedImapAccount(deps, dovecot, {
      userId,
      mailUser: 'owner',
      emailAddress: owner,
      seed: [personalMail({ from: 'first@client.test', to: owner, subject: 'Welcome', body: 'Hello!', messageId: 'seed@client.test' })],
    });
    await watcher.refresh();
    await waitFor(
      'the IDLE connection',
      () => watcher.open().imap,
      (ids) => ids.includes(accountId),
    );
    const times: number[] = [];
    const storedTimes: number[] = [];
    const draftedTimes: number[] = [];
    for (let i = 0; i < messages; i++) {
      const messageId = `bench-${i}@client.test`;
      const raw = personalMail({
        from: `Client ${i % 7} <client${i % 7}@client.test>`,
        to: owner,
        subject: `Order ${i}: delivery date`,
        body: `Hello,\n\nCould you confirm when order ${i} will be delivered? We need it before the launch.\n\nBest regards,\nClient ${i % 7}`,
        messageId,
      });
      const started = performance.now();
      await appendToInbox(dovecot, 'owner', raw);
      const emailId = await waitFor(`message ${i} stored`, () => emailIdByMessageId(deps, accountId, messageId), Boolean, 30_000, 5);
      const storedAt = performance.now();
      await waitFor(`the draft of message ${i}`, () => draftOfEmail(deps, emailId!), Boolean, 30_000, 5);
      const draftedAt = performance.now();
      times.push(draftedAt - started);
      storedTimes.push(storedAt - started);
      draftedTimes.push(draftedAt - storedAt);
    }
    return { ...percentiles(times), stored: percentiles(storedTimes), drafted: percentiles(draftedTimes) };
  } finally {
    await watcher.stop();
    await stop();
    await dovecot.stop();
  }
}

/**
 * The seed's mail, made searchable like real mail: each email gets a dozen words from a lexicon of
 * 3,000 (skewed, so some are common and most are rare), a thread (a reply joins the thread of the
 * mail it answers, with a "Re:" subject), and its search row.
 */
async function varyAndIndex(database: Database, accountId: string) {
  await database.pool.query(
    `with lexicon as (select array_agg(left(translate(md5(i::text), '0123456789', 'ghijklmnop'), 7)) as words from generate_series(1, 3000) i)
     update emails e set body_text = e.body_text || ' ' || array_to_string(array(
         select l.words[1 + floor(power(random(), 2) * 2999)::int] from generate_series(1, 12) g where e.id is not null), ' '),
       thread_id = coalesce(e.in_reply_to, e.message_id),
       subject = case when e.is_outgoing then 'Re: ' || e.subject else e.subject end
     from lexicon l where e.email_account_id = $1`,
    [accountId],
  );
  await database.pool.query('vacuum analyze emails');
  await indexEmailsForSearch(database.db);
  await database.pool.query('vacuum analyze email_search');
}

/** (b) Gather + built-in compose (and the whole drafting call) on a 50,000-email account. */
export async function composeLatency(emails = 50_000, samples = 100): Promise<{ compose: Percentiles; draftJob: Percentiles }> {
  const { deps, database, userId, stop } = await benchDeps('compose');
  const { pool } = database;
  try {
    const { rows } = await pool.query<{ id: string }>(
      `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, 'owner0@bench.test', 'exchange', 'Owner') returning id`,
      [userId],
    );
    const accountId = rows[0]!.id;
    await seedEmails(pool, { userId, accountIds: [accountId], perAccount: emails });
    await varyAndIndex(database, accountId);
    const { rows: sample } = await pool.query<{ id: string }>(
      `select id from emails where email_account_id = $1 and not is_outgoing order by md5(id::text) limit $2`,
      [accountId, samples],
    );
    const now = new Date();
    const compose: number[] = [];
    const draftJob: number[] = [];
    // One warm-up: the first query of each kind plans and reads the indexes into memory.
    await gatherComposeInput({ db: deps.db, userId, emailId: sample[0]!.id, mode: 'full', buyTimeHours: 24, now });
    for (const { id } of sample) {
      const started = performance.now();
      const { input } = await gatherComposeInput({ db: deps.db, userId, emailId: id, mode: 'full', buyTimeHours: 24, now });
      composeReply(input);
      compose.push(performance.now() - started);
    }
    for (const { id } of sample) {
      const started = performance.now();
      await composeDraftForEmail({ db: deps.db, userId, emailId: id, now });
      draftJob.push(performance.now() - started);
    }
    return { compose: percentiles(compose), draftJob: percentiles(draftJob) };
  } finally {
    await stop();
  }
}

const fmt = (p: Percentiles) => `p50 ${p.p50Ms.toFixed(0)} ms, p95 ${p.p95Ms.toFixed(0)} ms, max ${p.maxMs.toFixed(0)} ms (n=${p.count})`;

async function main() {
  const messages = Number(process.argv[2] ?? 50);
  const emails = Number(process.argv[3] ?? 50_000);
  const draft = await timeToDraft(messages);
  console.log(`time to draft (APPEND -> draft row), ${messages} messages:  ${fmt(draft)}`);
  console.log(`  of which APPEND -> email stored (watcher, sync):      ${fmt(draft.stored)}`);
  console.log(`  of which email stored -> draft (triage, drafting):    ${fmt(draft.drafted)}`);
  const latency = await composeLatency(emails);
  console.log(`compose latency (gather + built-in), ${emails.toLocaleString('en-US')} emails:  ${fmt(latency.compose)}`);
  console.log(`whole drafting call (+ triage, store, notify):           ${fmt(latency.draftJob)}`);
  console.log(JSON.stringify({ timeToDraftP95Ms: Math.round(draft.p95Ms), composeP95Ms: Math.round(latency.compose.p95Ms) }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
