import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/src/platform/db/embedded-postgres.ts';
import { enronFolder } from '../apps/server/src/test-support/corpus.ts';
import { startDovecot } from '../apps/server/src/test-support/dovecot.ts';
import { startMicrosoftStandIn } from '../apps/server/src/test-support/microsoft-stand-in.ts';
import { startSmtpSink } from '../apps/server/src/test-support/smtp-sink.ts';

export const E2E_USER = { email: 'grace@example.com', password: 'e2e-password-1', first: 'Grace', last: 'Hopper' };
export const E2E_IMAP = { user: 'phillip', password: 'phillip-imap-pw', email: 'phillip.allen@enron.com' };
/** The same mailbox again, for the drafting spec, which APPENDs new mail into it (the other specs count E2E_IMAP's messages). */
export const E2E_DRAFTS_IMAP = { user: 'phillip-drafts', password: 'phillip-drafts-pw', email: 'phillip.allen@enron.com' };
/** The same mailbox again, for the understanding spec (issue 31): what new mail asks, triage, corrections. */
export const E2E_ASKS_IMAP = { user: 'phillip-asks', password: 'phillip-asks-pw', email: 'phillip.allen@enron.com' };
/** The same mailbox once more, for the delivery spec: approved replies land in its Drafts folder. */
export const E2E_DELIVERY_IMAP = { user: 'phillip-delivery', password: 'phillip-delivery-pw', email: 'phillip.allen@enron.com' };
/**
 * A Microsoft 365 mailbox (issue 22): the identity platform's stand-in signs in as `email`, and Dovecot
 * opens `user`'s mailbox for its bearer tokens (XOAUTH2). Allen's inbox and his first 100 sent messages.
 */
export const E2E_MICROSOFT = {
  user: 'phillip-microsoft',
  password: 'phillip-microsoft-pw',
  email: 'phillip.allen@contoso.example',
  sent: 100,
};

const root = path.resolve(import.meta.dirname, '..');

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Builds if needed, then starts the production server on a fresh DATA_DIR with its embedded database. */
export default async function globalSetup() {
  execFileSync('node', ['-e', "import('./scripts/build-if-stale.mjs').then(m => m.buildIfStale(['web', 'server']))"], {
    cwd: root,
    stdio: 'inherit',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const baseUrl = `http://localhost:${port}`;
  // Microsoft's identity platform stood in for; Dovecot checks its bearer tokens (XOAUTH2) besides passwords.
  const microsoft = await startMicrosoftStandIn({ users: { [E2E_MICROSOFT.email]: E2E_MICROSOFT.user } });
  // Microsoft's SMTP server: a real SMTP server (smtp-server) taking the stand-in's bearer tokens (XOAUTH2).
  const microsoftSmtp = await startSmtpSink({ oauth2IntrospectionUrl: microsoft.introspectionUrl });
  // The specs run in other processes: they revoke and restore a consent, and read what the SMTP
  // server received (subjects and envelopes, and how it was signed in to), through this local door.
  const microsoftControl = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const login = url.searchParams.get('login') ?? '';
    if (req.method === 'POST' && url.pathname === '/revoke') microsoft.revoke(login);
    else if (req.method === 'POST' && url.pathname === '/restore') microsoft.restore(login);
    else if (req.method === 'GET' && url.pathname === '/smtp') {
      const received = microsoftSmtp.received.map((message) => ({
        from: message.from,
        to: message.to,
        subject: /^Subject:\s*(.*)$/im.exec(message.raw.toString('utf8'))?.[1]?.trim() ?? '',
      }));
      res.setHeader('content-type', 'application/json');
      res.write(JSON.stringify({ received, logins: microsoftSmtp.logins }));
    } else res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => microsoftControl.listen(0, '127.0.0.1', resolve));
  // A real IMAP server with real mail for the Email Accounts flow.
  const dovecot = await startDovecot({ oauth2IntrospectionUrl: microsoft.introspectionUrl });
  for (const mailbox of [E2E_IMAP, E2E_DRAFTS_IMAP, E2E_DELIVERY_IMAP, E2E_ASKS_IMAP]) {
    dovecot.addUser(mailbox.user, mailbox.password);
    dovecot.seed(
      mailbox.user,
      'INBOX',
      enronFolder('allen-p', 'inbox').map((f) => ({ raw: fs.readFileSync(f) })),
    );
    dovecot.seed(
      mailbox.user,
      'Sent',
      enronFolder('allen-p', 'sent').map((f) => ({ raw: fs.readFileSync(f) })),
    );
  }
  dovecot.addUser(E2E_MICROSOFT.user, E2E_MICROSOFT.password);
  dovecot.seed(
    E2E_MICROSOFT.user,
    'INBOX',
    enronFolder('allen-p', 'inbox').map((f) => ({ raw: fs.readFileSync(f) })),
  );
  dovecot.seed(
    E2E_MICROSOFT.user,
    'Sent',
    enronFolder('allen-p', 'sent')
      .slice(0, E2E_MICROSOFT.sent)
      .map((f) => ({ raw: fs.readFileSync(f) })),
  );
  // A real mailbox has a Drafts folder (found by name: the test server marks only Sent as special-use).
  dovecot.seed(E2E_DELIVERY_IMAP.user, 'Drafts', []);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // Every spec signs in from 127.0.0.1: the per-address limit is not what these tests are about.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    NODE_EXTRA_CA_CERTS: dovecot.caFile,
    // Microsoft 365 / Outlook: the stand-in as the authority, its IMAP server Dovecot (STARTTLS, as any
    // port but 993) and its SMTP server the sink above, both taking the stand-in's tokens.
    MICROSOFT_CLIENT_ID: microsoft.clientId,
    MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
    MICROSOFT_AUTHORITY: microsoft.url,
    MICROSOFT_IMAP_HOST: 'localhost',
    MICROSOFT_IMAP_PORT: String(dovecot.imapPort),
    MICROSOFT_SMTP_HOST: 'localhost',
    MICROSOFT_SMTP_PORT: String(microsoftSmtp.port),
  };
  let output = '';
  const server = spawn('node', ['apps/server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // A server that dies mid-run leaves its last words where a failed test's reader looks.
  server.on('exit', (code, signal) => {
    if (code === 0 || signal === 'SIGTERM') return;
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'test-results', 'server-exit.log'), `exit ${code ?? signal}\n${output.slice(-20_000)}`);
    console.error(`The e2e server exited (${code ?? signal}); its last output: test-results/server-exit.log`);
  });
  await waitForHealth(baseUrl, server, () => output);

  // The operator CLI, beside the running server, on the same DATA_DIR.
  const admin = (...args: string[]) => execFileSync('node', ['apps/server/dist/cli.js', ...args], { cwd: root, env, encoding: 'utf8' });
  admin('create-user', '--email', E2E_USER.email, '--password', E2E_USER.password, '--first', E2E_USER.first, '--last', E2E_USER.last);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_IMAP_PORT = String(dovecot.imapPort);
  process.env.E2E_MICROSOFT_AUTHORITY = microsoft.url;
  process.env.E2E_MICROSOFT_CONTROL = `http://127.0.0.1:${(microsoftControl.address() as AddressInfo).port}`;
  process.env.E2E_OWNER_LINK = output.match(/http:\/\/\S+\/invite\/\S+/)?.[0] ?? '';

  return async () => {
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    await dovecot.stop();
    await microsoft.close();
    await microsoftSmtp.stop();
    microsoftControl.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
