// `npm run bench -- import-bombs`: the production server (`node apps/server/dist/main.js`, embedded
// PostgreSQL) imports files built to exhaust its memory, each through POST /api/accounts/import and
// the account's whole initialization: zips of 12 and 24 entries of 100 MB that deflate about 1,000
// times (the bombs: 5.1 GB and 10.3 GB of RSS before the limits), and an mbox holding one
// 1 GB message between small ones; and, for the worst that is read whole, a zip of 20 text
// messages of 24 MB, just under the message limit. Each case runs on a fresh server; its peak RSS
// is the process's VmHWM (parse worker threads included, PostgreSQL not), read once the download
// step is seen done (upload, scan, download) and at the end of initialization (contacts, style);
// its RSS once idle 35 s after (the parse threads end after 30 s idle).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { compressibleMessage, FROM_LINE, writeZip } from '../apps/server/src/mail/connectors/mbox/fixtures.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { signInToFreshServer } from './server-session.ts';

const MB = 1024 * 1024;
const AFTER_IDLE_MS = 35_000;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-bombs-'));
fs.chmodSync(work, 0o755);

const headers = (n: number) =>
  [
    `From: Sender ${n} <sender${n}@example.com>`,
    `Subject: Bomb entry ${n}`,
    `Message-ID: <bomb${n}@example.com>`,
    'Date: Mon, 2 Jan 2006 10:00:00 +0000',
  ].join('\n');

async function zipBomb(entries: number): Promise<string> {
  const file = path.join(work, `bomb-${entries}.zip`);
  await writeZip(
    file,
    Array.from({ length: entries }, (_, n) => ({ name: `mail/${n}.eml`, data: compressibleMessage(headers(n), 100 * MB) })),
  );
  return file;
}

/** `bytes` of text in words drawn from the Enron mail, lines of 76 characters: compresses about 3 times, like mail. */
function textMessage(n: number, bytes: number): Readable {
  const words = fs
    .readFileSync(enronFolder('allen-p', 'inbox')[0]!, 'latin1')
    .split(/\s+/)
    .filter((w) => /^[a-z]{2,12}$/i.test(w));
  // mulberry32: every entry its own stream of words.
  let seed = n + 1;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Readable.from(
    (function* () {
      yield Buffer.from(`${headers(n)}\nContent-Type: text/plain; charset=us-ascii\n\n`);
      for (let left = bytes; left > 0; ) {
        let chunk = '';
        while (chunk.length < 1024 * 1024) {
          let line = '';
          while (line.length < 70) {
            line += `${words[Math.floor(random() * words.length)]} `;
          }
          chunk += `${line.trimEnd()}\n`;
        }
        const piece = Buffer.from(chunk.slice(0, Math.min(left, chunk.length)));
        left -= piece.length;
        yield piece;
      }
    })(),
  );
}

/** Messages just under the message limit, compressed like ordinary text: what is read whole, at worst. */
async function zipOfLargeMessages(entries: number): Promise<string> {
  const file = path.join(work, `large-${entries}.zip`);
  await writeZip(
    file,
    Array.from({ length: entries }, (_, n) => ({ name: `mail/${n}.eml`, data: textMessage(n, 24 * MB) })),
  );
  return file;
}

/** Small real messages, one of 1 GB, small ones again: the 1 GB one used to be read whole. */
async function mboxWithHugeMessage(): Promise<string> {
  const file = path.join(work, 'huge-message.mbox');
  const small = enronFolder('allen-p', 'inbox')
    .slice(0, 20)
    .map((f) => fs.readFileSync(f));
  const record = (raw: Buffer) => Buffer.concat([Buffer.from(`${FROM_LINE}\n`), raw, Buffer.from(raw.at(-1) === 0x0a ? '\n' : '\n\n')]);
  await pipeline(
    (async function* () {
      for (const raw of small.slice(0, 10)) yield record(raw);
      yield Buffer.from(`${FROM_LINE}\n`);
      for await (const chunk of compressibleMessage(headers(0), 1024 * MB)) yield chunk as Buffer;
      yield Buffer.from('\n\n');
      for (const raw of small.slice(10)) yield record(raw);
    })(),
    fs.createWriteStream(file),
  );
  return file;
}

type Result = {
  name: string;
  /** Built to exhaust memory (the target applies), or ordinary mail at its largest. */
  bomb: boolean;
  fileMb: number;
  seconds: number;
  /** VmHWM when the download step was seen done (upload, scan, sync), and at the end (contacts and style steps too). */
  downloadPeakRssMb: number;
  peakRssMb: number;
  idleRssMb: number;
  /** VmRSS once the server was idle again for AFTER_IDLE_MS after initialization (parse threads end after 30 s idle). */
  afterRssMb: number;
  stored: number;
  cut: number;
};

async function importOnFreshServer(name: string, bomb: boolean, file: string, fileName: string): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const base = `http://localhost:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr?.on('data', (chunk) => (errors += chunk));
  try {
    const cookie = await signInToFreshServer({ root, base, env, server }).catch((error: Error) => {
      throw new Error(`${error.message}: ${errors}`);
    });
    const rss = (field: 'VmRSS' | 'VmHWM') =>
      Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
    const idleRssMb = rss('VmRSS');
    const started = performance.now();
    const form = new FormData();
    form.set('emailAddress', 'owner@example.com');
    form.set('file', await fs.openAsBlob(file), fileName);
    const response = await fetch(`${base}/api/accounts/import`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    if (response.status !== 201) throw new Error(`import answered ${response.status}: ${await response.text()}`);
    const { account } = (await response.json()) as { account: { id: string } };
    type Account = {
      initializationStatus: string;
      lastInitStep: string | null;
      initializationError: string | null;
      emailsDownloadedCount: number;
      messagesTruncated: number;
    };
    let current: Account;
    let downloadPeakRssMb = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      current = ((await (await fetch(`${base}/api/accounts/${account.id}`, { headers: { cookie } })).json()) as { account: Account })
        .account;
      if (current.initializationStatus === 'failed') throw new Error(`initialization failed: ${current.initializationError}`);
      if (!downloadPeakRssMb && (current.initializationStatus === 'completed' || current.lastInitStep !== 'download'))
        downloadPeakRssMb = rss('VmHWM');
      if (current.initializationStatus === 'completed') break;
    }
    const peakRssMb = rss('VmHWM');
    await new Promise((r) => setTimeout(r, AFTER_IDLE_MS));
    return {
      name,
      bomb,
      fileMb: fs.statSync(file).size / MB,
      seconds: (performance.now() - started) / 1000,
      downloadPeakRssMb,
      peakRssMb,
      idleRssMb,
      afterRssMb: rss('VmRSS'),
      stored: current.emailsDownloadedCount,
      cut: current.messagesTruncated,
    };
  } finally {
    server.kill('SIGINT');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Result[] = [];
try {
  const twelve = await zipBomb(12);
  results.push(await importOnFreshServer('zip, 12 entries of 100 MB', true, twelve, 'bomb-12.zip'));
  fs.rmSync(twelve);
  const twentyFour = await zipBomb(24);
  results.push(await importOnFreshServer('zip, 24 entries of 100 MB', true, twentyFour, 'bomb-24.zip'));
  fs.rmSync(twentyFour);
  const mbox = await mboxWithHugeMessage();
  results.push(await importOnFreshServer('mbox, one 1 GB message among 20', true, mbox, 'huge.mbox'));
  fs.rmSync(mbox);
  const large = await zipOfLargeMessages(20);
  results.push(await importOnFreshServer('zip, 20 text messages of 24 MB (under every limit)', false, large, 'large.zip'));
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(
  '| file | size | upload + initialization | stored | stored without body | peak RSS: import / whole initialization (idle before) | RSS idle 35 s after |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.fileMb.toFixed(1)} MB | ${r.seconds.toFixed(1)} s | ${r.stored} | ${r.cut} | ${r.downloadPeakRssMb.toFixed(0)} MB / ${r.peakRssMb.toFixed(0)} MB (${r.idleRssMb.toFixed(0)} MB) | ${r.afterRssMb.toFixed(0)} MB |`,
  );
}
const worst = Math.max(...results.filter((r) => r.bomb).map((r) => r.peakRssMb));
console.log(`Highest peak RSS importing a bomb: ${worst.toFixed(0)} MB (target < 400 MB)`);
