// `npm run bench -- sync`: one Dovecot mailbox (7,000+ messages, ~100 MB: plain, HTML and
// attachments, built from real Enron mail) synced into PostgreSQL by Penman's sync engine, and
// mirrored by mbsync with its default settings and with `FSync no` (three times each, the median
// counts), in one run. Then two later syncs of the same account: one with nothing new, one after
// the server gave every folder a new UIDVALIDITY (bytes from the server counted by a relay).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../apps/server/src/env.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { openDatabase } from '../apps/server/src/platform/db/open.ts';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { startByteCountingProxy, startDovecot } from '../apps/server/src/test-support/dovecot.ts';
import { signInToFreshServer } from './server-session.ts';

const TARGET_MESSAGES = Number(process.argv[2] ?? 7000);

function buildMailbox(): { inbox: Buffer[]; sent: Buffer[]; bytes: number } {
  const sources = [...enronFolder('kaminski-v', 'inbox'), ...enronFolder('steffes-j', 'inbox'), ...enronFolder('watson-k', 'inbox')];
  const sentSources = enronFolder('kaminski-v', 'sent_items');
  const inbox: Buffer[] = [];
  const sent: Buffer[] = [];
  let bytes = 0;
  for (let i = 0; inbox.length + sent.length < TARGET_MESSAGES; i++) {
    const toSent = i % 3 === 0;
    const source = fs.readFileSync(toSent ? sentSources[i % sentSources.length]! : sources[i % sources.length]!, 'latin1');
    const split = source.search(/\r?\n\r?\n/);
    // Header lines (unfolded first), without the ones this message sets itself.
    const headers = source
      .slice(0, split)
      .replace(/\r?\n[ \t]+/g, ' ')
      .split(/\r?\n/)
      .filter((line) => !/^(content-type|content-transfer-encoding|mime-version|message-id):/i.test(line))
      .concat(`Message-ID: <bench-${i}@penman.test>`)
      .join('\r\n');
    const body = source.slice(split).trim().replace(/\r?\n/g, '\r\n');
    let raw: string;
    if (i % 10 === 0) {
      // One in ten carries a ~100 KB attachment.
      const attachment = randomBytes(75_000).toString('base64').replace(/.{76}/g, '$&\r\n');
      raw = `${headers}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n${body}\r\n--b${i}\r\nContent-Type: application/pdf; name="report-${i}.pdf"\r\nContent-Disposition: attachment; filename="report-${i}.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--b${i}--\r\n`;
    } else if (i % 3 === 1) {
      const html = `<html><body><div style="font-family:Arial">${body.replace(/&/g, '&amp;').replace(/</g, '&lt;').split(/\r?\n/).join('<br>')}</div></body></html>`;
      raw = `${headers}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary="a${i}"\r\n\r\n--a${i}\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n${body}\r\n--a${i}\r\nContent-Type: text/html; charset=us-ascii\r\n\r\n${html}\r\n--a${i}--\r\n`;
    } else {
      raw = `${headers}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=us-ascii\r\n\r\n${body}\r\n`;
    }
    const buffer = Buffer.from(raw, 'latin1');
    bytes += buffer.length;
    (toSent ? sent : inbox).push(buffer);
  }
  return { inbox, sent, bytes };
}

const mailbox = buildMailbox();
const totalMessages = mailbox.inbox.length + mailbox.sent.length;
const dovecot = await startDovecot();
dovecot.addUser('bench', 'bench-pw');
dovecot.seed(
  'bench',
  'INBOX',
  mailbox.inbox.map((raw) => ({ raw })),
);
dovecot.seed(
  'bench',
  'Sent',
  mailbox.sent.map((raw) => ({ raw })),
);

// Penman as users run it: the production build (`node apps/server/dist/main.js`) with its embedded
// PostgreSQL (default durability, fsync on). The account is added and initialized through the API;
// the time runs from Initialize to the end of the download step, RSS is the server process's peak
// (VmHWM, parse worker threads included, PostgreSQL not).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-sync-'));
fs.chmodSync(dir, 0o755);
const port = await findFreePort();
const base = `http://localhost:${port}`;
const threads = process.env.MAIL_PARSE_THREADS ?? String(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
const serverEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  DATA_DIR: dir,
  PUBLIC_URL: base,
  // SYNC_BENCH_LOG=<file>: the server's debug log (per-folder stage sums, "folder synced") goes there.
  LOG_LEVEL: process.env.SYNC_BENCH_LOG ? 'debug' : 'warn',
  NODE_EXTRA_CA_CERTS: dovecot.caFile,
  MAIL_PARSE_THREADS: threads,
};
const root = path.resolve(import.meta.dirname, '..');
// SYNC_BENCH_NODE_ARGS: extra node options for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
const nodeArgs = process.env.SYNC_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const server = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', process.env.SYNC_BENCH_LOG ? fs.openSync(process.env.SYNC_BENCH_LOG, 'w') : 'ignore', 'ignore'],
});

/** CPU seconds so far of each of the server's threads (by id) and of its child processes (PostgreSQL). */
function serverCpu(): { threads: Map<number, number>; postgres: number } {
  const ticks = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const threads = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${server.pid}/task`)) {
    threads.set(Number(tid), ticks(fs.readFileSync(`/proc/${server.pid}/task/${tid}/stat`, 'utf8')));
  }
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      cpu.set(Number(pid), ticks(stat));
    } catch {
      // exited meanwhile
    }
  }
  let postgres = 0;
  for (const [pid, seconds] of cpu) {
    let up = parents.get(pid);
    while (up && up !== server.pid && up > 1) up = parents.get(up);
    if (up === server.pid) postgres += seconds;
  }
  return { threads, postgres };
}
const cookie = await signInToFreshServer({ root, base, env: serverEnv, server });
const api = async (route: string, init: RequestInit = {}) => {
  const response = await fetch(`${base}/api${route}`, { ...init, headers: { cookie, origin: base, 'content-type': 'application/json' } });
  return (await response.json()) as { account: { id: string } };
};
const { account } = await api('/accounts', {
  method: 'POST',
  body: JSON.stringify({
    provider: 'exchange',
    emailAddress: 'vince.kaminski@enron.com',
    password: 'bench-pw',
    username: 'bench',
    serverUrl: 'localhost',
    port: dovecot.imapPort,
  }),
});
const rssOf = (field: 'VmRSS' | 'VmHWM') =>
  Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
// What the server holds before the download, to tell the download's own memory from the rest.
// The end of the download is watched in the database, every 20 ms, not through the API: 50 HTTP
// requests a second (session check, queries) would cost the server being measured CPU that the
// web app's 3-second poll never does.
const database = await openDatabase(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, PUBLIC_URL: base }), { attachToRunning: true });
// SYNC_BENCH_SQL: a statement run before the download, for experiments (e.g. a column's storage).
if (process.env.SYNC_BENCH_SQL) await database.pool.query(process.env.SYNC_BENCH_SQL);
type Progress = { status: string; step: string | null; error: string | null; downloaded: number };
const progress = async () =>
  (
    await database.pool.query<Progress>(
      `select initialization_status as status, last_init_step as step, initialization_error as error,
         emails_downloaded_count as downloaded from email_accounts where id = $1`,
      [account.id],
    )
  ).rows[0]!;
const penmanIdleRss = rssOf('VmRSS');
execFileSync('sync');
const cpuBefore = serverCpu();
const penmanStart = performance.now();
await api(`/accounts/${account.id}/initialize`, { method: 'POST' });
let current = await progress();
while (current.status !== 'completed' && !(current.status === 'initializing' && current.step && current.step !== 'download')) {
  await new Promise((r) => setTimeout(r, 20));
  current = await progress();
  if (current.status === 'failed') throw new Error(`initialization failed: ${current.error}`);
}
const penmanSeconds = (performance.now() - penmanStart) / 1000;
const penmanPeakRss = rssOf('VmHWM');
const cpuAfter = serverCpu();
if (current.downloaded !== totalMessages) throw new Error(`stored ${current.downloaded} of ${totalMessages}`);
// The search indexer fills the full-text vectors after the mail is stored (docs/decisions/012), in
// the background while initialization goes on: the time until the last one is filled.
for (;;) {
  const { rows } = await database.pool.query<{ pending: number }>('select count(*)::int as pending from email_search_queue');
  if (rows[0]!.pending === 0) break;
  await new Promise((r) => setTimeout(r, 20));
}
const indexedSeconds = (performance.now() - penmanStart) / 1000;

// Later syncs ("Download now"), once initialization has finished, through a relay that counts the
// bytes the server sends: one with nothing new (what the scheduler does all day), one after every
// folder got a new UIDVALIDITY with the mail unchanged (Courier on every session, Exchange after a
// mailbox move).
while (!['completed', 'failed'].includes((await progress()).status)) await new Promise((r) => setTimeout(r, 100));
const relay = await startByteCountingProxy(dovecot.imapPort);
await database.pool.query('update email_accounts set port = $1 where id = $2', [relay.port, account.id]);
async function timedDownload(): Promise<{ seconds: number; kilobytes: number }> {
  relay.reset();
  const requested = new Date();
  const started = performance.now();
  await api(`/accounts/${account.id}/download`, { method: 'POST' });
  for (;;) {
    const { rows } = await database.pool.query<{ status: string; finished_at: Date | null; error: string | null }>(
      'select status, finished_at, last_error as error from mailbox_sync where email_account_id = $1',
      [account.id],
    );
    const row = rows[0];
    if (row?.finished_at && row.finished_at >= requested && row.status !== 'running') {
      if (row.status !== 'completed') throw new Error(`sync ${row.status}: ${row.error}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { seconds: (performance.now() - started) / 1000, kilobytes: relay.bytesFromServer() / 1024 };
}
const nothingNew = await timedDownload();
await dovecot.resetUidValidity('bench');
const afterReset = await timedDownload();
if ((await progress()).downloaded !== totalMessages) throw new Error('the sync after a UIDVALIDITY change stored mail again');
await relay.close();
await database.close();
server.kill('SIGINT');
await new Promise((r) => server.once('exit', r));

function runMbsync(fsync: boolean): { seconds: number; peakRss: number } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-mbsync-'));
  const config = `${fsync ? '' : 'FSync no\n\n'}IMAPAccount bench
Host localhost
Port ${dovecot.imapPort}
User bench
Pass bench-pw
SSLType STARTTLS
CertificateFile ${dovecot.caFile}

IMAPStore remote
Account bench

MaildirStore local
Path ${work}/mail/
Inbox ${work}/mail/INBOX
SubFolders Verbatim

Channel bench
Far :remote:
Near :local:
Patterns INBOX Sent
Create Near
Sync Pull
SyncState *
`;
  fs.mkdirSync(path.join(work, 'mail'), { recursive: true });
  fs.writeFileSync(path.join(work, 'mbsyncrc'), config);
  // Every timed run starts with no dirty pages of an earlier one left to write back.
  execFileSync('sync');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'mbsync', '-c', path.join(work, 'mbsyncrc'), '-q', 'bench'], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`mbsync failed: ${run.stderr}`);
  const peakKb = Number(run.stderr.trim().split('\n').pop());
  const files = execFileSync('sh', ['-c', `find ${work}/mail -type f -path '*/cur/*' -o -type f -path '*/new/*' | wc -l`], {
    encoding: 'utf8',
  }).trim();
  if (Number(files) !== totalMessages) throw new Error(`mbsync stored ${files} of ${totalMessages}`);
  fs.rmSync(work, { recursive: true, force: true });
  return { seconds, peakRss: peakKb / 1024 };
}

// mbsync's time moves a lot from run to run on a shared machine (the same mailbox took 0.7-2.4 s
// with `FSync no`): each setting runs three times, alternately, and its median counts.
function median(runs: { seconds: number; peakRss: number }[]) {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return { ...sorted[1]!, all: runs.map((r) => r.seconds) };
}
const defaultRuns: { seconds: number; peakRss: number }[] = [];
const noFsyncRuns: { seconds: number; peakRss: number }[] = [];
for (let i = 0; i < 3; i++) {
  defaultRuns.push(runMbsync(true));
  noFsyncRuns.push(runMbsync(false));
}
const mbsyncDefault = median(defaultRuns);
const mbsyncNoFsync = median(noFsyncRuns);
await dovecot.stop();
fs.rmSync(dir, { recursive: true, force: true });

const mb = mailbox.bytes / 1024 / 1024;
const line = (name: string, seconds: number, rss: number) =>
  `| ${name} | ${seconds.toFixed(2)} s | ${(totalMessages / seconds).toFixed(0)} msg/s | ${(mb / seconds).toFixed(1)} MB/s | ${rss.toFixed(0)} MB |`;
console.log(
  `Mailbox: ${totalMessages} messages, ${mb.toFixed(1)} MB (INBOX ${mailbox.inbox.length}, Sent ${mailbox.sent.length}); Penman parse threads (MAIL_PARSE_THREADS): ${threads}`,
);
console.log('| who | time | messages/s | MB/s | peak RSS |');
console.log('| --- | --- | --- | --- | --- |');
console.log(line('Penman server (IMAP → parse → PostgreSQL, fsync on)', penmanSeconds, penmanPeakRss));
console.log(line('mbsync 1.4, default (fsync), median of 3', mbsyncDefault.seconds, mbsyncDefault.peakRss));
console.log(line('mbsync 1.4, FSync no, median of 3', mbsyncNoFsync.seconds, mbsyncNoFsync.peakRss));
console.log(
  `mbsync runs: default ${mbsyncDefault.all.map((x) => x.toFixed(2)).join(', ')} s; FSync no ${mbsyncNoFsync.all.map((x) => x.toFixed(2)).join(', ')} s`,
);
console.log(`Penman / mbsync default: ${(penmanSeconds / mbsyncDefault.seconds).toFixed(2)} (target < 1.0)`);
console.log(`Penman / mbsync FSync no: ${(penmanSeconds / mbsyncNoFsync.seconds).toFixed(2)} (target < 2.0)`);
console.log(
  `Penman full-text index complete (search indexer, in the background after the download, beside the contacts and style steps): ${indexedSeconds.toFixed(2)} s after Initialize; ` +
    `ratios counting it: ${(indexedSeconds / mbsyncDefault.seconds).toFixed(2)} and ${(indexedSeconds / mbsyncNoFsync.seconds).toFixed(2)}`,
);
// Node 20 does not name its threads: the busiest one after the main thread is the parse worker.
const threadCpu = [...cpuAfter.threads].map(([tid, seconds]) => ({ tid, seconds: seconds - (cpuBefore.threads.get(tid) ?? 0) }));
const mainCpu = threadCpu.find((t) => t.tid === server.pid)?.seconds ?? 0;
const others = threadCpu.filter((t) => t.tid !== server.pid).sort((a, b) => b.seconds - a.seconds);
const restCpu = others.slice(1).reduce((sum, t) => sum + t.seconds, 0);
console.log(
  `Penman CPU during the download: main thread ${mainCpu.toFixed(2)} s, busiest other thread (parse worker) ${(others[0]?.seconds ?? 0).toFixed(2)} s, ` +
    `other threads ${restCpu.toFixed(2)} s, PostgreSQL ${(cpuAfter.postgres - cpuBefore.postgres).toFixed(2)} s (its live processes)`,
);
console.log(
  `Penman later syncs (Download now, job pick-up included): nothing new ${nothingNew.seconds.toFixed(2)} s, ${nothingNew.kilobytes.toFixed(0)} KB from the server; ` +
    `after a new UIDVALIDITY on every folder, nothing new ${afterReset.seconds.toFixed(2)} s, ${afterReset.kilobytes.toFixed(0)} KB (the first download: ${mb.toFixed(1)} MB of mail)`,
);
console.log(
  `Penman peak RSS: ${penmanPeakRss.toFixed(0)} MB (target < 300 MB; the server process's peak, parse worker threads included, PostgreSQL not; ${penmanIdleRss.toFixed(0)} MB before the download)`,
);
