// Start-up and request latency of the production server with its embedded PostgreSQL:
// first start on an empty DATA_DIR (initdb + migrations), a second start, then request latency.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 3900 + Math.floor(Math.random() * 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-bench-'));
fs.chmodSync(dataDir, 0o755);
const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' };

async function startTimed(): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, env, stdio: 'ignore' });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, ms: performance.now() - started };
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stop(child: ChildProcess) {
  child.kill('SIGINT');
  await new Promise((r) => child.once('exit', r));
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function latency(url: string, count: number, init?: RequestInit) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const first = await startTimed();
await stop(first.child);
const second = await startTimed();
const health = await latency(`http://127.0.0.1:${port}/api/health`, 1000);
const page = await latency(`http://127.0.0.1:${port}/dashboard`, 300);
const rss = Number(fs.readFileSync(`/proc/${second.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
await stop(second.child);
fs.rmSync(dataDir, { recursive: true, force: true });

const f = (n: number) => n.toFixed(1);
console.log(`first start (initdb + migrations) to healthy: ${f(first.ms)} ms`);
console.log(`second start to healthy:                     ${f(second.ms)} ms`);
console.log(`GET /api/health  p50 ${f(health.p50)} ms  p95 ${f(health.p95)} ms  (1000 sequential)`);
console.log(`GET /dashboard   p50 ${f(page.p50)} ms  p95 ${f(page.p95)} ms  (300 sequential, index.html)`);
console.log(`server RSS after requests: ${f(rss)} MB (PostgreSQL not included)`);
