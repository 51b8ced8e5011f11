import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
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
};

/** The self-signed certificate for localhost, made once per machine boot. */
function testCertificate(): { cert: string; key: string } {
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

async function waitForGreeting(port: number, ca: string, deadlineMs = 30_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {});
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('dovecot did not greet');
}

/** A throwaway Dovecot IMAP server (Debian's dovecot-imapd), started without systemd. */
export async function startDovecot(): Promise<DovecotServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const { cert, key } = testCertificate();
  const imapPort = await findFreePort();
  const imapsPort = await findFreePort();
  const usersFile = path.join(dir, 'users');
  fs.writeFileSync(usersFile, '');
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
auth_mechanisms = plain login
mail_max_userip_connections = 100
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${usersFile}
}
userdb {
  driver = passwd-file
  args = username_format=%n ${usersFile}
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
  const start = async () => {
    // Its own process group, so a kill takes the login and auth children (which hold the ports) too.
    child = spawn('/usr/sbin/dovecot', ['-c', configFile, '-F'], { stdio: 'ignore', detached: true });
    await waitForGreeting(imapsPort, ca);
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
      fs.appendFileSync(usersFile, `${name}:{PLAIN}${password}:${MAIL_UID}:${MAIL_UID}::${home}\n`);
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
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await killGroup();
      await start();
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
