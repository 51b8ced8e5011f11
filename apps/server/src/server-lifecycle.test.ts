import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, readPostmaster } from './platform/db/embedded-postgres.ts';
import { killServerProcesses } from './test-support/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-lifecycle-'));
fs.chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

afterAll(() => {
  killServerProcesses(children, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return { child, output: () => output, healthy: false };
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, output: () => output, healthy: true };
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output, healthy: false };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process', () => {
  it('starts on an empty DATA_DIR, prints the owner link, survives kill -9 and a restart, and stops cleanly on SIGINT', async () => {
    const port = await findFreePort();
    const first = await startServer(port);
    expect(first.healthy, first.output()).toBe(true);
    expect(first.output()).toMatch(/Create the owner account[^\n]*\n\s+http:\/\/localhost:\d+\/invite\/\S+/);
    expect(fs.statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
    expect(first.output()).not.toContain(fs.readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim());

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const orphan = readPostmaster(path.join(dataDir, 'pg'));
    expect(orphan && isAlive(orphan.pid)).toBe(true);

    const second = await startServer(port);
    expect(second.healthy, second.output()).toBe(true);
    const postmaster = readPostmaster(path.join(dataDir, 'pg'));
    expect(postmaster?.pid).not.toBe(orphan?.pid);

    second.child.kill('SIGINT');
    const code = await new Promise((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(0);
    expect(postmaster && isAlive(postmaster.pid)).toBe(false);
  }, 120_000);

  it('stops with a message naming a bad variable', async () => {
    const bad = await startServer(await findFreePort(), { PORT: 'eighty' });
    expect(bad.healthy).toBe(false);
    await new Promise((resolve) => (bad.child.exitCode !== null ? resolve(null) : bad.child.once('exit', resolve)));
    expect(bad.child.exitCode).toBe(1);
    expect(bad.output()).toBe('Invalid configuration:\n  PORT: Invalid input: expected number, received NaN\n');
  });
});
