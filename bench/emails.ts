// `npm run bench -- emails [count]`: the Emails list and search over 200,000 emails (4 accounts,
// one user) in the production server's embedded PostgreSQL, timed through HTTP as the web app calls
// them (session check included), sequentially, after a warm-up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../apps/server/src/env.ts';
import { indexEmailsForSearch } from '../apps/server/src/mail/search-index.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { openDatabase } from '../apps/server/src/platform/db/open.ts';
import { CORPUS_DIR, listFiles } from '../apps/server/src/test-support/corpus.ts';
import { signInToFreshServer } from './server-session.ts';

const TOTAL = Number(process.argv[2] ?? 200_000);
const ACCOUNTS = 4;
const RUNS = 50;
const WARMUP = 5;
const root = path.resolve(import.meta.dirname, '..');

type CorpusRow = { subject: string; senderName: string; senderEmail: string; body: string };

/** Subjects, senders and bodies of the real Enron mail in ../shared/corpus (read here, never copied). */
function readCorpus(): CorpusRow[] {
  const rows: CorpusRow[] = [];
  for (const file of listFiles(path.join(CORPUS_DIR, 'enron'))) {
    if (!/\/\d+\.$/.test(file)) continue;
    const raw = fs.readFileSync(file, 'latin1');
    const split = raw.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => headers.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'mi'))?.[1]?.trim() ?? '';
    const from = header('From').toLowerCase();
    const name = header('X-From').replace(/<.*>/, '').replace(/"/g, '').trim();
    rows.push({
      subject: header('Subject'),
      senderEmail: from.match(/[\w.+-]+@[\w.-]+/)?.[0] ?? from,
      senderName: name,
      body: raw.slice(split).trim().replaceAll('\u0000', '').slice(0, 8000),
    });
  }
  return rows;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-emails-'));
fs.chmodSync(dataDir, 0o755);
const port = await findFreePort();
const base = `http://localhost:${port}`;
const serverEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env: serverEnv, stdio: 'ignore' });
try {
  const user = { email: 'bench@example.com', password: 'bench-secret' };
  const cookie = await signInToFreshServer({ root, base, env: serverEnv, server, user });

  // Seed straight into the server's database (as the admin CLI reaches it).
  const database = await openDatabase(parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: base }), { attachToRunning: true });
  const { pool } = database;
  const corpus = readCorpus();
  const seedStart = performance.now();
  const { rows: users } = await pool.query<{ id: string }>('select id from users where email = $1', [user.email]);
  const userId = users[0]!.id;
  const accountIds: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { rows } = await pool.query<{ id: string }>(
      `insert into email_accounts (user_id, email_address, provider, display_name) values ($1, $2, 'exchange', $2) returning id`,
      [userId, `trader${i + 1}@enron.com`],
    );
    accountIds.push(rows[0]!.id);
  }
  await pool.query('create unlogged table bench_corpus (i int primary key, subject text, sender_name text, sender_email text, body text)');
  for (let start = 0; start < corpus.length; start += 500) {
    const batch = corpus.slice(start, start + 500);
    const values = batch.map((_, j) => `($${j * 5 + 1}, $${j * 5 + 2}, $${j * 5 + 3}, $${j * 5 + 4}, $${j * 5 + 5})`).join(',');
    await pool.query(
      `insert into bench_corpus values ${values}`,
      batch.flatMap((row, j) => [start + j, row.subject, row.senderName, row.senderEmail, row.body]),
    );
  }
  // Every corpus message many times over: spread over 4 accounts and two years, a third of them
  // sent, one in ten with attachments. Rows go in in chunks so no single statement runs for minutes.
  const CHUNK = 20_000;
  for (let from = 1; from <= TOTAL; from += CHUNK) {
    await pool.query(
      `insert into emails (user_id, email_account_id, message_key, subject, sender_email, sender_name, recipient_emails,
         received_date, folder_name, has_attachments, body_text, is_outgoing)
       select $1, ($2::uuid[])[1 + g % 4], 'bench-' || g, c.subject, c.sender_email, c.sender_name, array['trader@enron.com'],
         timestamptz '2002-01-01' - g * interval '5 minutes' - (g % 7) * interval '1 minute',
         case when g % 3 = 0 then 'Sent' else 'INBOX' end, g % 10 = 0, c.body, g % 3 = 0
       from generate_series($3::int, $4::int) g join bench_corpus c on c.i = g % $5`,
      [userId, accountIds, from, Math.min(TOTAL, from + CHUNK - 1), corpus.length],
    );
  }
  await pool.query('drop table bench_corpus');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  // The search indexer, as the server runs it after a sync (one slice at a time).
  const indexStart = performance.now();
  const indexed = await indexEmailsForSearch(database.db);
  if (indexed !== TOTAL) throw new Error(`indexed ${indexed} of ${TOTAL}`);
  const indexSeconds = (performance.now() - indexStart) / 1000;
  // What a real installation has long done before anyone searches: autovacuum's VACUUM ANALYZE
  // (visibility map, statistics) and the checkpoints that write the loaded mail out. Without the
  // CHECKPOINT the first requests would run beside the checkpointer flushing the load's dirty
  // buffers (up to 1 GB of shared_buffers).
  await pool.query('vacuum analyze emails');
  await pool.query('vacuum analyze email_search');
  await pool.query('vacuum analyze email_word_counts');
  await pool.query('checkpoint');
  const { rows: sizes } = await pool.query<{ table: string; indexes: string; search_table: string; search_indexes: string }>(
    `select pg_size_pretty(pg_table_size('emails')) as table, pg_size_pretty(pg_indexes_size('emails')) as indexes,
       pg_size_pretty(pg_table_size('email_search')) as search_table, pg_size_pretty(pg_indexes_size('email_search')) as search_indexes`,
  );
  await database.close();

  const scenarios: [string, Record<string, string>][] = [
    ['first page, all accounts', {}],
    ['page 2', { offset: '25' }],
    ['deep page (offset 100,000)', { offset: '100000' }],
    ['last page (offset 199,975)', { offset: String(TOTAL - 25) }],
    ['one account, first page', { accountId: accountIds[1]! }],
    ['one account, deep page (offset 25,000)', { accountId: accountIds[1]!, offset: '25000' }],
    ['search: sender name substring "kaminski"', { search: 'kaminski' }],
    ['search: sender email substring "lavorato@"', { search: 'lavorato@' }],
    ['search: subject phrase "gas daily"', { search: 'gas daily' }],
    ['search: body words "pipeline capacity"', { search: 'pipeline capacity' }],
    ['search: rare body word "Transwestern"', { search: 'transwestern' }],
    ['search: common word "meeting"', { search: 'meeting' }],
    ['search: very common word "please", page 3', { search: 'please', offset: '50' }],
    ['search + account: "meeting"', { search: 'meeting', accountId: accountIds[2]! }],
    ['search: nothing matches "zzqxv"', { search: 'zzqxv' }],
  ];
  const results: string[] = [];
  for (const [name, query] of scenarios) {
    const url = `${base}/api/emails?${new URLSearchParams({ limit: '25', ...query })}`;
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      const body = (await response.json()) as { pagination: { totalCount: number } };
      if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      if (i >= WARMUP) times.push(performance.now() - started);
      total = body.pagination.totalCount;
    }
    results.push(
      `| ${name} | ${total.toLocaleString('en-US')} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`,
    );
  }
  // The detail dialog's call, for completeness.
  const firstId = ((await (await fetch(`${base}/api/emails?limit=1`, { headers: { cookie } })).json()) as { emails: { id: string }[] })
    .emails[0]!.id;
  const detail: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await (await fetch(`${base}/api/emails/${firstId}`, { headers: { cookie } })).arrayBuffer();
    if (i >= WARMUP) detail.push(performance.now() - started);
  }
  results.push(`| one email (detail) | 1 | ${percentile(detail, 50).toFixed(1)} ms | ${percentile(detail, 95).toFixed(1)} ms |`);

  console.log(
    `${TOTAL.toLocaleString('en-US')} emails in ${ACCOUNTS} accounts of one user (${corpus.length.toLocaleString('en-US')} real Enron messages repeated), seeded in ${seedSeconds.toFixed(1)} s and indexed for full-text search in ${indexSeconds.toFixed(1)} s (the search indexer); emails table ${sizes[0]!.table}, its indexes ${sizes[0]!.indexes}; email_search ${sizes[0]!.search_table}, its indexes ${sizes[0]!.search_indexes}. ${RUNS} sequential requests each after ${WARMUP} warm-up, through HTTP.`,
  );
  console.log('| request (25 a page) | matches | p50 | p95 |');
  console.log('| --- | --- | --- | --- |');
  for (const line of results) console.log(line);
} finally {
  server.kill('SIGINT');
  await new Promise((r) => server.once('exit', r));
  // BENCH_KEEP_DATA=1 keeps the seeded database for EXPLAIN ANALYZE (start the server on it with DATA_DIR).
  if (process.env.BENCH_KEEP_DATA) console.log(`Data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
