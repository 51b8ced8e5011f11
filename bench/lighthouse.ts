// The public site's budgets on the production build: first-load JavaScript of `/` (gzip) and
// Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4x CPU slowdown) for the
// public pages, driving Debian's Chromium. Exits 1 when a budget is missed.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
/** Lighthouse runs per page; the table shows the median. */
const RUNS = Number(process.argv[2] ?? 3);
const PAGES = ['/', '/about', '/privacy-policy', '/terms-of-service', '/cookie-policy'];
const BUDGET = { firstLoadKb: 120, performance: 95, accessibility: 100, bestPractices: 95, seo: 100 };

async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT') {
  if (child.exitCode !== null) return;
  child.kill(signal);
  await new Promise((r) => child.once('exit', r));
}

/** The scripts index.html loads before anything renders: the entry and its modulepreloads. */
function firstLoadScripts() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="(\/assets\/[^"]+\.js)"/g)].map((m) => {
    const source = fs.readFileSync(path.join(dist, m[1]!));
    return { file: m[1]!, raw: source.length, gzip: gzipSync(source, { level: 9 }).length, brotli: brotliCompressSync(source).length };
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const scripts = firstLoadScripts();
const firstLoad = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log('First-load JavaScript of / (entry + modulepreloads):');
for (const s of scripts) console.log(`  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.raw).padStart(6)} KB raw  ${s.file}`);
console.log(`  ${kb(firstLoad).padStart(6)} KB gzip total (${kb(scripts.reduce((sum, s) => sum + s.brotli, 0))} KB brotli)\n`);

const port = await findFreePort();
const debugPort = await findFreePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-lighthouse-'));
fs.chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
  stdio: 'ignore',
});
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-chromium-'));
const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${profileDir}`], {
  stdio: 'ignore',
});

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
};
const rows: Row[] = [];
let failed = firstLoad > BUDGET.firstLoadKb * 1024;
try {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 'server');
  await waitFor(async () => (await fetch(`http://127.0.0.1:${debugPort}/json/version`)).ok, 'chromium');
  for (const page of PAGES) {
    const runs: Row[] = [];
    for (let attempt = 0; runs.length < RUNS; attempt++) {
      const result = await lighthouse(`http://localhost:${port}${page}`, { port: debugPort, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { categories, audits } = result.lhr;
      // Headless Chromium now and then ends a trace without a paint (NO_LCP): run that one again.
      if (result.lhr.runtimeError || categories.performance?.score == null) {
        if (attempt >= RUNS + 2) throw new Error(`Lighthouse keeps failing on ${page}: ${result.lhr.runtimeError?.message}`);
        continue;
      }
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const items = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
      runs.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
        js: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      });
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        const category = categories[id];
        if (!category || (category.score ?? 1) >= 1) continue;
        const failing = category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
        if (failing.length) console.log(`  ${page} ${id}: ${failing.join(', ')}`);
      }
    }
    const pick = (key: keyof Omit<Row, 'page'>) => median(runs.map((run) => run[key]));
    rows.push({
      page,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      cls: pick('cls'),
      js: pick('js'),
    });
  }
} finally {
  await stop(chromium, 'SIGKILL');
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}

console.log(`Lighthouse (mobile preset; median of ${RUNS} runs per page)`);
console.log('page               perf  a11y  best  seo   LCP      TBT     CLS    JS transferred');
for (const row of rows) {
  const missed =
    row.performance < BUDGET.performance ||
    row.accessibility < BUDGET.accessibility ||
    row.bestPractices < BUDGET.bestPractices ||
    row.seo < BUDGET.seo;
  failed ||= missed;
  console.log(
    `${row.page.padEnd(18)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(row.bestPractices).padStart(4)}  ${String(row.seo).padStart(3)}  ${(row.lcp / 1000).toFixed(2).padStart(5)} s  ${row.tbt.toFixed(0).padStart(4)} ms  ${row.cls.toFixed(3)}  ${kb(row.js).padStart(6)} KB${missed ? '  << below budget' : ''}`,
  );
}
console.log(
  `\nBudgets: first-load JS <= ${BUDGET.firstLoadKb} KB gzip (${kb(firstLoad)} KB), performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices >= ${BUDGET.bestPractices}, SEO ${BUDGET.seo}: ${failed ? 'MISSED' : 'met'}`,
);
process.exit(failed ? 1 : 0);
