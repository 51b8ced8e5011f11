import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../platform/db/embedded-postgres.ts';
import { enronFolder } from '../test-support/corpus.ts';
import { startDovecot } from '../test-support/dovecot.ts';
import { killServerProcesses } from '../test-support/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-restart-'));
fs.chmodSync(dataDir, 0o755);
const dovecot = await startDovecot();
const port = await findFreePort();
const base = `http://localhost:${port}`;
const mainFile = path.join(import.meta.dirname, '..', 'main.ts');
const cliFile = path.join(import.meta.dirname, '..', 'admin', 'cli.ts');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: base,
  LOG_LEVEL: 'error',
  NODE_EXTRA_CA_CERTS: dovecot.caFile,
};
const children: ChildProcess[] = [];

afterAll(async () => {
  killServerProcesses(children, dataDir);
  await dovecot.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], { env, stdio: 'ignore' });
  children.push(child);
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('a server restart in the middle of an initialization', () => {
  it('goes on where it was and finishes the job', async () => {
    const inbox = [...enronFolder('steffes-j', 'inbox'), ...enronFolder('kaminski-v', 'inbox')];
    const sent = enronFolder('steffes-j', 'sent_items');
    dovecot.addUser('jim', 'jim-pw');
    dovecot.seed(
      'jim',
      'INBOX',
      inbox.map((f) => ({ raw: fs.readFileSync(f) })),
    );
    dovecot.seed(
      'jim',
      'Sent',
      sent.map((f) => ({ raw: fs.readFileSync(f) })),
    );

    let server = await startServer();
    execFileSync(process.execPath, ['--import', 'tsx', cliFile, 'create-user', '--email', 'jim@example.com', '--password', 'jim-secret'], {
      env,
    });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'jim@example.com', password: 'jim-secret' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // biome-ignore lint/suspicious/noExplicitAny: asserting on JSON answers
    const api = (p: string, init: RequestInit = {}): Promise<any> =>
      fetch(`${base}/api${p}`, { ...init, headers: { cookie, origin: base, 'content-type': 'application/json', ...init.headers } }).then(
        (r) => r.json(),
      );

    const { account } = await api('/accounts', {
      method: 'POST',
      body: JSON.stringify({
        provider: 'exchange',
        emailAddress: 'james.steffes@enron.com',
        password: 'jim-pw',
        username: 'jim',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
      }),
    });
    expect(account.id).toBeTruthy();
    await api(`/accounts/${account.id}/initialize`, { method: 'POST' });
    // Kill the server once the download is under way.
    for (let i = 0; i < 600; i++) {
      const progress = await api(`/accounts/${account.id}/download-progress`);
      if (progress.count > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    server = await startServer();
    let current = account;
    for (let i = 0; i < 1200 && current.initializationStatus !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      current = (await api(`/accounts/${account.id}`)).account;
    }
    expect(current).toMatchObject({
      initializationStatus: 'completed',
      initialized: true,
      emailsDownloadedCount: inbox.length + sent.length,
    });
    server.kill('SIGINT');
  }, 180_000);
});
