// `npm run bench -- document-bombs`: the production server (`node apps/server/dist/main.js`, embedded
// PostgreSQL) reads knowledge documents built to exhaust memory, one after the other on one server,
// each uploaded through POST /api/accounts/{id}/files and read by its files.extract-text job: a DOCX
// whose text unpacks to 300 MB, a DOCX of nested entities (billion laughs), a PDF page whose Flate
// content stream inflates to 1 GB, a DOCX of 20 MB of paragraphs (under the unpacking limit), and an
// upload over UPLOAD_MAX_BYTES (refused with 413). Measured: the server process's RSS when idle
// before the first (after one ordinary document was read), its peak (VmHWM), its RSS after each file
// and once idle again 15 s after the last (past the reading process's idle time); and the peak RSS of
// any other Node process the server started (the reading process, when there is one), sampled
// every 50 ms.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { markdownToPdf } from '../apps/server/src/test-support/documents.ts';
import { billionLaughsDocx, docxBomb, docxOfParagraphs, flatePdf } from '../apps/server/src/test-support/hostile-documents.ts';
import { signInToFreshServer } from './server-session.ts';

const MB = 1024 * 1024;
const IDLE_MS = 15_000;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-documents-'));
fs.chmodSync(work, 0o755);

const documents: { name: string; file: string; bytes: Buffer }[] = [
  { name: 'DOCX, text unpacking to 300 MB', file: 'bomb.docx', bytes: await docxBomb(300) },
  { name: 'DOCX, billion laughs', file: 'laughs.docx', bytes: await billionLaughsDocx() },
  { name: 'PDF, a page inflating to 1 GB (Flate)', file: 'flate.pdf', bytes: await flatePdf(1024) },
  { name: 'DOCX, 20 MB of paragraphs', file: 'paragraphs.docx', bytes: await docxOfParagraphs(20) },
  { name: 'upload over the limit (60 MB)', file: 'large.txt', bytes: Buffer.alloc(60 * MB, 'lorem ipsum ') },
];

const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
/** Node processes whose parent is `pid` (PostgreSQL's processes are not Node). */
const nodeChildren = (pid: number) =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const text = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
        return /^Name:\s+node/m.test(text) && Number(/PPid:\s+(\d+)/.exec(text)?.[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);

const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
fs.chmodSync(dataDir, 0o755);
const port = await findFreePort();
const base = `http://localhost:${port}`;
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
let errors = '';
server.stderr?.on('data', (chunk) => (errors += chunk));
const rows: string[] = [];
try {
  const cookie = await signInToFreshServer({ root, base, env, server }).catch((error: Error) => {
    throw new Error(`${error.message}: ${errors}`);
  });
  const call = async (pathname: string, init: RequestInit = {}) =>
    fetch(`${base}${pathname}`, { ...init, headers: { cookie, origin: base, ...init.headers } });
  const json = async (pathname: string, init: RequestInit = {}) => {
    const response = await call(pathname, init);
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  // An account made by importing one message (uploading needs a connected account).
  const form = new FormData();
  form.set('emailAddress', 'owner@example.com');
  form.set('file', new Blob(['From x Mon Jan  1 00:00:00 2001\nFrom: a@example.com\nSubject: hi\n\nhello\n']), 'one.mbox');
  const { account } = await json('/api/accounts/import', { method: 'POST', body: form });
  for (;;) {
    const { account: current } = await json(`/api/accounts/${account.id}`);
    if (current.initializationStatus === 'completed') break;
    if (current.initializationStatus === 'failed') throw new Error(current.initializationError);
    await new Promise((r) => setTimeout(r, 100));
  }
  /** Uploads one file as a knowledge document; answers the upload's status and, once read, the document's. */
  const read = async (file: string, bytes: Buffer) => {
    const upload = new FormData();
    upload.set('categories', 'knowledge');
    upload.set('file', new Blob([new Uint8Array(bytes)]), file);
    const response = await call(`/api/accounts/${account.id}/files`, { method: 'POST', body: upload });
    if (response.status !== 201) return `refused (${response.status})`;
    const { files } = (await response.json()) as { files: { id: string }[] };
    for (;;) {
      const { files: listed } = (await json(`/api/accounts/${account.id}/files?source=knowledge`)) as {
        files: { id: string; status: string; errorMessage: string | null }[];
      };
      const document = listed.find((f) => f.id === files[0]!.id)!;
      if (document.status === 'processed') return 'read';
      if (document.status === 'failed') return `failed: ${document.errorMessage}`;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let readerPeakMb = 0;
  const sampler = setInterval(() => {
    for (const pid of nodeChildren(server.pid!)) readerPeakMb = Math.max(readerPeakMb, status(pid, 'VmHWM'));
  }, 50);
  const ordinary = await read('ordinary.pdf', await markdownToPdf('# Opening hours\n\nWe open at nine and close at six.'));
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const baselineMb = status(server.pid!, 'VmRSS');
  const startPeakMb = status(server.pid!, 'VmHWM');
  rows.push(`| ordinary PDF (warm-up) | ${ordinary} | ${baselineMb.toFixed(0)} MB (idle after) |`);
  for (const document of documents) {
    const outcome = await read(document.file, document.bytes);
    rows.push(
      `| ${document.name} (${(document.bytes.length / MB).toFixed(2)} MB) | ${outcome.slice(0, 70)} | ${status(server.pid!, 'VmRSS').toFixed(0)} MB |`,
    );
  }
  await new Promise((r) => setTimeout(r, IDLE_MS));
  clearInterval(sampler);
  const afterMb = status(server.pid!, 'VmRSS');
  const peakMb = status(server.pid!, 'VmHWM');
  console.log('| file | result | server RSS after it |');
  console.log('| --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    `\nserver RSS: baseline ${baselineMb.toFixed(0)} MB (peak until then ${startPeakMb.toFixed(0)} MB), peak ${peakMb.toFixed(0)} MB, ` +
      `after, idle ${IDLE_MS / 1000} s: ${afterMb.toFixed(0)} MB (${afterMb - baselineMb >= 0 ? '+' : ''}${(afterMb - baselineMb).toFixed(0)} MB); ` +
      `reading process: ${readerPeakMb ? `peak ${readerPeakMb.toFixed(0)} MB, ${nodeChildren(server.pid!).length} left running` : 'none (reads in the server process)'}`,
  );
} finally {
  server.kill('SIGINT');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  fs.rmSync(work, { recursive: true, force: true });
}
