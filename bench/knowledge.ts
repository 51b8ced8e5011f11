// `npm run bench -- knowledge`: the production server (`node apps/server/dist/main.js`, embedded
// PostgreSQL) reads 200 generated knowledge documents (PDF, DOCX and TXT, about 60 MB in all: text
// from the Enron mail under headings, the PDFs carrying a photo-like image each) uploaded through
// POST /api/accounts/{id}/files, each extracted and indexed by its job (the extraction thread is in
// the server's process). Measured: the wall time from the first upload to the last document
// processed; the peak RSS of the server process (VmHWM) and of its whole process tree (the server
// plus PostgreSQL's processes, their PSS summed, sampled every 100 ms); the knowledge search's latency over the
// account's ~20,000 passages, through GET /api/accounts/{id}/knowledge/search (HTTP and session
// included); and the question set's top-1 / top-3 rates, on an account holding only the ten shop
// documents (as the test) and on the big account with the shop's documents among the 200.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { knowledgeFixtures, rankRates, splitQuestions } from '../apps/server/src/files/knowledge-quality.ts';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { CORPUS_DIR, listFiles } from '../apps/server/src/test-support/corpus.ts';
import { markdownToDocx, markdownToPdf } from '../apps/server/src/test-support/documents.ts';
import { signInToFreshServer } from './server-session.ts';

const MB = 1024 * 1024;
const DOCUMENTS = 200;
const TARGET_BYTES = 60 * MB;
/** Text per document: with ~900-character passages, 200 documents make about 20,000 passages. */
const TEXT_CHARS = 45_000;
const SEARCHES = 400;
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-knowledge-'));
fs.chmodSync(work, 0o755);

// mulberry32: the same documents on every run.
let seed = 17;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Bodies of real mail (Enron), as paragraphs: the documents' text. */
function mailBodies(): { subject: string; paragraphs: string[] }[] {
  const seen = new Set<string>();
  const bodies: { subject: string; paragraphs: string[] }[] = [];
  for (const file of listFiles(path.join(CORPUS_DIR, 'enron'))) {
    if (file.endsWith('.json')) continue;
    const raw = fs.readFileSync(file, 'latin1').replace(/\r\n/g, '\n');
    const split = raw.indexOf('\n\n');
    if (split < 0) continue;
    const subject = /^Subject:\s*(.*)$/im.exec(raw.slice(0, split))?.[1]?.trim() || 'Notes';
    const body = raw
      .slice(split + 2)
      .split(/-----Original Message-----|-{5,} Forwarded by/)[0]!
      .replace(/[^\x20-\x7e\n]/g, ' ');
    const paragraphs = body
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter((p) => p.length > 60 && !/^(To|From|cc|Subject):/i.test(p));
    const key = paragraphs.join(' ').slice(0, 200);
    if (paragraphs.length === 0 || seen.has(key)) continue;
    seen.add(key);
    bodies.push({ subject: subject.replace(/^(re|fw|fwd):\s*/i, ''), paragraphs });
  }
  return bodies;
}

/** A document's Markdown: a title, sections headed by mail subjects, their bodies as paragraphs. */
function documentText(n: number, bodies: { subject: string; paragraphs: string[] }[]): string {
  const lines = [`# Document ${n}: ${bodies[Math.floor(random() * bodies.length)]!.subject}`];
  let length = 0;
  while (length < TEXT_CHARS) {
    const body = bodies[Math.floor(random() * bodies.length)]!;
    lines.push(`## ${body.subject}`);
    for (const paragraph of body.paragraphs) {
      lines.push(paragraph);
      length += paragraph.length;
    }
  }
  return lines.join('\n\n');
}

/** A PNG of noise (incompressible, like a photo): the bytes a scanned figure adds to a PDF. */
function noisePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width * 3 + 1) === 0 ? 0 : Math.floor(random() * 256);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function withImage(pdfBytes: Uint8Array, png: Uint8Array): Promise<Buffer> {
  const pdf = await PDFDocument.load(pdfBytes);
  const image = await pdf.embedPng(png);
  const page = pdf.insertPage(1, [595, 842]);
  page.drawImage(image, { x: 56, y: 300, width: 480, height: 480 });
  return Buffer.from(await pdf.save());
}

type Document = { name: string; bytes: Buffer };

async function generateDocuments(): Promise<Document[]> {
  const bodies = mailBodies();
  const documents: Document[] = [];
  for (let n = 0; n < DOCUMENTS; n++) {
    const markdown = documentText(n, bodies);
    const kind = n % 3 === 0 ? 'pdf' : n % 3 === 1 ? 'docx' : 'txt';
    const bytes =
      kind === 'pdf'
        ? await markdownToPdf(markdown, `Document ${n}`)
        : kind === 'docx'
          ? await markdownToDocx(markdown, `Document ${n}`)
          : Buffer.from(markdown, 'utf8');
    documents.push({ name: `document-${String(n).padStart(3, '0')}.${kind}`, bytes });
  }
  // The PDFs carry the rest of the 60 MB as one image each.
  const pdfs = documents.filter((d) => d.name.endsWith('.pdf'));
  const missing = TARGET_BYTES - documents.reduce((sum, d) => sum + d.bytes.length, 0);
  if (missing > 0) {
    const side = Math.floor(Math.sqrt(missing / pdfs.length / 3));
    for (const document of pdfs) document.bytes = await withImage(document.bytes, noisePng(side, side));
  }
  return documents;
}

/**
 * Memory of a process and all its descendants (MB): their PSS from /proc (shared pages, such as
 * PostgreSQL's shared buffers, counted once across the processes that map them, not once each).
 */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const visit = (id: number) => {
    try {
      total += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return;
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const documents = await generateDocuments();
const { documents: shopDocuments, questions } = knowledgeFixtures();
process.stdout.write(
  `generated ${documents.length} documents, ${(documents.reduce((s, d) => s + d.bytes.length, 0) / MB).toFixed(1)} MB ` +
    `(${['pdf', 'docx', 'txt'].map((kind) => `${documents.filter((d) => d.name.endsWith(kind)).length} ${kind}`).join(', ')})\n`,
);

const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
fs.chmodSync(dataDir, 0o755);
const port = await findFreePort();
const base = `http://localhost:${port}`;
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' };
const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
let errors = '';
server.stderr?.on('data', (chunk) => (errors += chunk));
try {
  const cookie = await signInToFreshServer({ root, base, env, server }).catch((error: Error) => {
    throw new Error(`${error.message}: ${errors}`);
  });
  const call = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${pathname}`, { ...init, headers: { cookie, origin: base, ...init.headers } });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  /** An account made by importing one message (uploading needs a connected account). */
  const newAccount = async (address: string) => {
    const form = new FormData();
    form.set('emailAddress', address);
    form.set('file', new Blob([`From x Mon Jan  1 00:00:00 2001\nFrom: a@example.com\nSubject: hi\n\nhello\n`]), 'one.mbox');
    const { account } = await call('/api/accounts/import', { method: 'POST', body: form });
    for (;;) {
      const { account: current } = await call(`/api/accounts/${account.id}`);
      if (current.initializationStatus === 'completed') return account.id as string;
      if (current.initializationStatus === 'failed') throw new Error(current.initializationError);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const upload = async (accountId: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.set('categories', 'knowledge');
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    await call(`/api/accounts/${accountId}/files`, { method: 'POST', body: form });
  };
  const waitProcessed = async (accountId: string) => {
    for (;;) {
      const { files } = (await call(`/api/accounts/${accountId}/files?source=knowledge`)) as {
        files: { status: string; errorMessage: string | null; filename: string; passages: number }[];
      };
      const failed = files.find((f) => f.status === 'failed');
      if (failed) throw new Error(`${failed.filename}: ${failed.errorMessage}`);
      if (files.every((f) => f.status === 'processed')) return files.reduce((sum, f) => sum + f.passages, 0);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const shopAsFiles = await Promise.all(
    shopDocuments.map(async (d, i) =>
      i % 2 === 0
        ? { name: `${d.name}.pdf`, bytes: await markdownToPdf(d.markdown, d.name) }
        : { name: `${d.name}.docx`, bytes: await markdownToDocx(d.markdown, d.name) },
    ),
  );
  const rates = async (accountId: string) => {
    const search = async (set: typeof questions) =>
      rankRates(
        await Promise.all(
          set.map(async ({ question, document }) => {
            const { passages } = await call(
              `/api/accounts/${accountId}/knowledge/search?${new URLSearchParams({ q: question, limit: '10' })}`,
            );
            return { expected: document, ranked: (passages as { filename: string }[]).map((p) => p.filename.replace(/\.(pdf|docx)$/, '')) };
          }),
        ),
      );
    const { tuning, heldOut } = splitQuestions(questions);
    const [all, tuned, unseen] = [await search(questions), await search(tuning), await search(heldOut)];
    const show = (r: typeof all) => `top-1 ${r.top1.toFixed(3)}, top-3 ${r.top3.toFixed(3)} (${r.questions})`;
    return `all ${show(all)}; tuning part ${show(tuned)}; held-out part ${show(unseen)}`;
  };

  const shopAccount = await newAccount('shop@example.com');
  for (const file of shopAsFiles) await upload(shopAccount, file.name, file.bytes);
  await waitProcessed(shopAccount);
  process.stdout.write(`question set, shop documents only: ${await rates(shopAccount)}\n`);

  const accountId = await newAccount('big@example.com');
  const serverHwm = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  let treePeakMb = treeRssMb(server.pid!);
  const sampler = setInterval(() => {
    treePeakMb = Math.max(treePeakMb, treeRssMb(server.pid!));
  }, 100);
  const started = performance.now();
  for (const document of documents) await upload(accountId, document.name, document.bytes);
  const uploadedSeconds = (performance.now() - started) / 1000;
  const passages = await waitProcessed(accountId);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  process.stdout.write(
    `extract and index: ${documents.length} documents in ${seconds.toFixed(1)} s (uploads done at ${uploadedSeconds.toFixed(1)} s), ` +
      `${passages} passages; peak RSS: server process ${serverHwm().toFixed(0)} MB, process tree (PSS) ${treePeakMb.toFixed(0)} MB\n`,
  );

  // The passages' statistics are refreshed 5 s after the last document was read (files.analyze-knowledge).
  await new Promise((r) => setTimeout(r, 10_000));
  // Latency: the questions and lines of the documents' own text, one at a time, after a warm-up.
  const queries = [
    ...questions.map((q) => q.question),
    ...mailBodies().flatMap((b) => b.paragraphs.slice(0, 1).map((p) => p.slice(0, 300))),
  ];
  const pick = () => queries[Math.floor(random() * queries.length)]!;
  for (let i = 0; i < 20; i++) await call(`/api/accounts/${accountId}/knowledge/search?${new URLSearchParams({ q: pick(), limit: '10' })}`);
  const times: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const q = pick();
    const t0 = performance.now();
    await call(`/api/accounts/${accountId}/knowledge/search?${new URLSearchParams({ q, limit: '10' })}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // What HTTP and the session cost alone: the account, read as many times.
  const baseline: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const t0 = performance.now();
    await call(`/api/accounts/${accountId}`);
    baseline.push(performance.now() - t0);
  }
  baseline.sort((a, b) => a - b);
  process.stdout.write(
    `search over ${passages} passages (HTTP, ${SEARCHES} searches): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms; ` +
      `GET /api/accounts/{id} alone: p50 ${percentile(baseline, 50).toFixed(1)} ms, p95 ${percentile(baseline, 95).toFixed(1)} ms\n`,
  );

  for (const file of shopAsFiles) await upload(accountId, file.name, file.bytes);
  await waitProcessed(accountId);
  process.stdout.write(`question set, shop documents among the 200: ${await rates(accountId)}\n`);
} finally {
  server.kill('SIGINT');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  fs.rmSync(work, { recursive: true, force: true });
}
