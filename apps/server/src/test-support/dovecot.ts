import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ImapFlow } from 'imapflow';
import { findFreePort } from '../platform/db/embedded-postgres.ts';

const MAIL_UID = 65534;

export type DovecotServer = {
  host: string;
  /** Implicit TLS (993-style) port. */
  imapsPort: number;
  /** Plain port where STARTTLS is offered. */
  imapPort: number;
  /** PEM of the self-signed certificate, to trust in clients. */
  caFile: string;
  addUser: (name: string, password: string) => void;
  homeOf: (name: string) => string;
  /** Writes messages straight into a user's Maildir folder ('INBOX' or e.g. 'Sent'); mtime = date. */
  seed: (user: string, folder: string, messages: { raw: Buffer; date?: Date; seen?: boolean }[]) => void;
  stop: () => Promise<void>;
  /** Kills the server at once (connection-drop tests) and starts it again on the same ports. */
  restart: () => Promise<void>;
  /**
   * Gives every folder of a user a new UIDVALIDITY, the mail unchanged (as Courier does on each
   * session and Exchange after a mailbox move); the server restarts.
   */
  resetUidValidity: (user: string) => Promise<void>;
};

/** The self-signed certificate for localhost, made once per machine boot. */
export function testCertificate(): { cert: string; key: string } {
  const dir = path.join(os.tmpdir(), 'penman-test-cert');
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  if (!fs.existsSync(cert)) {
    fs.mkdirSync(dir, { recursive: true });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-days',
        '30',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(key, 0o644);
  }
  return { cert, key };
}

/** True once the server greets on `port`; false when `running()` turns false or the deadline passes. */
async function waitForGreeting(port: number, ca: string, running: () => boolean, deadline: number): Promise<boolean> {
  while (Date.now() < deadline && running()) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {});
      // Whatever answers without a greeting (a slow start, another program) is asked again.
      socket.setTimeout(2_000, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export type DovecotOptions = {
  /**
   * Also accept OAuth bearer tokens with AUTH=XOAUTH2 (the one OAuth mechanism Microsoft 365 offers):
   * Dovecot's oauth2 passdb asks this RFC 7662 introspection URL (POST token=...) and expects
   * `{ active: true, email: <the login name>, dovecot_user: <the mailbox's user> }`. Password logins keep working.
   */
  oauth2IntrospectionUrl?: string;
};

// Tests refuse passwords and tokens on purpose: no 2 s failure delay, and no penalty growing with each
// failure from 127.0.0.1 (anvil's, up to 15 s: Dovecot's documented off switch is its socket's mode 0).
// A connection check gives up after MAIL_CHECK_TIMEOUT_MS, so a penalty would fail the next right login.
const NO_AUTH_PENALTY = `auth_failure_delay = 0
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}`;

/** The passdb blocks: passwords always, bearer tokens when an introspection URL is given. */
function passdbConfig(dir: string, usersDir: string, options: DovecotOptions): string {
  const passwords = `passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${usersDir}/%n
${options.oauth2IntrospectionUrl ? '  mechanisms = plain login\n' : ''}}`;
  if (!options.oauth2IntrospectionUrl) return `auth_mechanisms = plain login\n${NO_AUTH_PENALTY}\n${passwords}`;
  const oauth2File = path.join(dir, 'dovecot-oauth2.conf.ext');
  // The token's user must be the login name (username_attribute); dovecot_user then names the mailbox.
  fs.writeFileSync(
    oauth2File,
    `introspection_mode = post
introspection_url = ${options.oauth2IntrospectionUrl}
username_attribute = email
username_format = %Lu
force_introspection = yes
active_attribute = active
active_value = true
pass_attrs = user=%{oauth2:dovecot_user}
timeout_msecs = 10000
`,
  );
  return `auth_mechanisms = plain login xoauth2
${NO_AUTH_PENALTY}
${passwords}
passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${oauth2File}
}`;
}

/** A throwaway Dovecot IMAP server (Debian's dovecot-imapd), started without systemd. */
export async function startDovecot(options: DovecotOptions = {}): Promise<DovecotServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const { cert, key } = testCertificate();
  const imapPort = await findFreePort();
  const imapsPort = await findFreePort();
  // One passwd-file per user: Dovecot re-reads a changed passwd-file at most once a second, so a
  // user appended to a shared file right after another login could be refused for that second.
  const usersDir = path.join(dir, 'users');
  fs.mkdirSync(usersDir);
  const config = `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = penman-test-${path.basename(dir)}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <${cert}
ssl_key = <${key}
disable_plaintext_auth = no
mail_max_userip_connections = 100
${passdbConfig(dir, usersDir, options)}
userdb {
  driver = passwd-file
  args = username_format=%n ${usersDir}/%n
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    port = ${imapPort}
  }
  inet_listener imaps {
    port = ${imapsPort}
    ssl = yes
  }
}
`;
  const configFile = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(configFile, config);
  let child: ChildProcess;
  const ca = fs.readFileSync(cert, 'utf8');
  const logFile = path.join(dir, 'dovecot.log');
  const start = async () => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      // Its own process group, so a kill takes the login and auth children (which hold the ports) too.
      const started = spawn('/usr/sbin/dovecot', ['-c', configFile, '-F'], { stdio: 'ignore', detached: true });
      child = started;
      const running = () => started.exitCode === null && started.signalCode === null;
      if (await waitForGreeting(imapsPort, ca, running, deadline)) return;
      // It exited (e.g. a port of a restart briefly taken by another program): start it again.
      if (!running()) await new Promise((r) => setTimeout(r, 200));
    }
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-5).join('\n') : '';
    throw new Error(`dovecot did not greet within 30 s; its log ends with:\n${log}`);
  };
  await start();
  const killGroup = async () => {
    const exited = new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
    // The children die with the group; wait until nothing listens any more.
    for (let i = 0; i < 100 && !((await portClosed(imapPort)) && (await portClosed(imapsPort))); i++)
      await new Promise((r) => setTimeout(r, 50));
  };

  let counter = 0;
  const server: DovecotServer = {
    host: 'localhost',
    imapPort,
    imapsPort,
    caFile: cert,
    addUser(name, password) {
      const home = path.join(dir, 'mail', name);
      fs.mkdirSync(path.join(home, 'Maildir'), { recursive: true });
      fs.writeFileSync(path.join(usersDir, name), `${name}:{PLAIN}${password}:${MAIL_UID}:${MAIL_UID}::${home}\n`);
      execFileSync('chown', ['-R', `${MAIL_UID}:${MAIL_UID}`, path.join(dir, 'mail')]);
    },
    homeOf: (name) => path.join(dir, 'mail', name),
    seed(user, folder, messages) {
      const maildir = path.join(dir, 'mail', user, 'Maildir', folder === 'INBOX' ? '' : `.${folder}`);
      for (const sub of ['cur', 'new', 'tmp']) fs.mkdirSync(path.join(maildir, sub), { recursive: true });
      if (folder !== 'INBOX') fs.writeFileSync(path.join(maildir, 'maildirfolder'), '');
      for (const message of messages) {
        counter += 1;
        const date = message.date ?? new Date();
        const name = `${Math.floor(date.getTime() / 1000)}.M${counter}P${process.pid}.penman,S=${message.raw.length}:2,${message.seen ? 'S' : ''}`;
        const file = path.join(maildir, 'cur', name);
        fs.writeFileSync(file, message.raw);
        fs.utimesSync(file, date, date);
      }
      execFileSync('chown', ['-R', `${MAIL_UID}:${MAIL_UID}`, path.join(dir, 'mail', user)]);
    },
    async stop() {
      await killGroup();
      if (!process.env.KEEP_DOVECOT) fs.rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await killGroup();
      await start();
    },
    async resetUidValidity(user) {
      // Dovecot numbers a folder afresh when its uid list and indexes are gone; UIDVALIDITY is
      // the time in seconds, so a second passes first.
      const maildir = path.join(dir, 'mail', user, 'Maildir');
      const folders = ['', ...fs.readdirSync(maildir).filter((name) => name.startsWith('.'))];
      for (const folder of folders) {
        const folderDir = path.join(maildir, folder);
        for (const name of fs.readdirSync(folderDir))
          if (name.startsWith('dovecot')) fs.rmSync(path.join(folderDir, name), { force: true });
      }
      await new Promise((r) => setTimeout(r, 1100));
      await server.restart();
    },
  };
  return server;
}

/** True when nothing answers on the port (for connection-drop assertions). */
export function portClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export type ByteCountingProxy = {
  port: number;
  /** Bytes the server sent to clients through the proxy since it started or was last reset. */
  bytesFromServer: () => number;
  reset: () => void;
  close: () => Promise<void>;
};

/**
 * A TCP relay on a free local port to `target`, counting the bytes the server sends: what a sync
 * really downloads, TLS included, whatever the client library does with them.
 */
export async function startByteCountingProxy(targetPort: number): Promise<ByteCountingProxy> {
  let received = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      // A reset on one side ends the other: the client sees a cut connection, as with a real server.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytesFromServer: () => received,
    reset: () => {
      received = 0;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * An imapflow client logged in to `dovecot` as `user` over TLS (the password `${user}-pw` the tests
 * give their users, unless another is given): what a test reads a mailbox with. Log it out after.
 */
export async function openTestMailbox(
  dovecot: Pick<DovecotServer, 'imapsPort' | 'caFile'>,
  user: string,
  pass = `${user}-pw`,
): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: 'localhost',
    port: dovecot.imapsPort,
    secure: true,
    auth: { user, pass },
    tls: { ca: fs.readFileSync(dovecot.caFile, 'utf8') },
    logger: false,
  });
  await client.connect();
  return client;
}
