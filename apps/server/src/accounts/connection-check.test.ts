import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../mail/connectors/public-address.ts';
import { runSync } from '../mail/service.ts';
import { findFreePort } from '../platform/db/embedded-postgres.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { startDovecot } from '../test-support/dovecot.ts';

const CONNECTION_FAILED = 'Could not connect to the mail server. Check the server name, port and your password.';
const PRIVATE_HOST = 'This server does not connect to mail servers on private or local network addresses.';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());
dovecot.addUser('lou', 'lou-pw');
const imapCa = fs.readFileSync(dovecot.caFile, 'utf8');

// A port that answers, but not as an IMAP server.
const notImap = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n'));
await new Promise<void>((resolve) => notImap.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => notImap.close(() => resolve())));
const notImapPort = (notImap.address() as net.AddressInfo).port;

const form = (serverUrl: string, port: number, password = 'lou-pw') => ({
  provider: 'exchange',
  emailAddress: `lou+${serverUrl.replace(/\W/g, '')}${port}@example.com`,
  password,
  username: 'lou',
  serverUrl,
  port,
});

async function addAccount(app: Awaited<ReturnType<typeof createTestApp>>, cookie: string, body: ReturnType<typeof form>) {
  const response = await app.request('/api/accounts', { method: 'POST', cookie, json: body });
  return { status: response.status, body: await response.json() };
}

describe('the connection check tells the user one thing whatever is at the port', async () => {
  // A failed check answers after MAIL_CHECK_TIMEOUT_MS: shorter than the 20 s default, long enough for a login.
  const invited = await createTestApp({ MAIL_CHECK_TIMEOUT_MS: '6000' }, { imapCa });
  const { cookie } = await invited.signUpAndIn('invited@example.com');

  it('answers the same message for a closed port and for a port that does not speak IMAP', async () => {
    const answers = await Promise.all([
      addAccount(invited, cookie, form('localhost', await findFreePort())),
      addAccount(invited, cookie, form('localhost', notImapPort)),
      addAccount(invited, cookie, form('no-such-host.invalid', 993)),
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({ status: 400, body: { error: { code: 'BAD_REQUEST', message: CONNECTION_FAILED } } });
    }
  });

  it('still says when the server itself refused the password', async () => {
    const refused = await addAccount(invited, cookie, form('localhost', dovecot.imapPort, 'wrong'));
    expect(refused.body.error.message).toBe('The server localhost refused the username or password.');
  });

  it('in waitlist mode, connects to a server on this machine (Proton Mail Bridge, a LAN server)', async () => {
    expect((await addAccount(invited, cookie, form('localhost', dovecot.imapPort))).status).toBe(201);
  });
});

describe('with open sign-up', async () => {
  const open = await createTestApp({ SIGNUP_MODE: 'open' }, { imapCa });
  const { cookie, user } = await open.signUpAndIn('stranger@example.com');

  it('refuses loopback and private addresses, by name or by number, before connecting', async () => {
    for (const host of ['localhost', '127.0.0.1', '::ffff:127.0.0.1', '::1', '10.1.2.3', '169.254.169.254']) {
      expect(await addAccount(open, cookie, form(host, dovecot.imapPort))).toEqual({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: PRIVATE_HOST } },
      });
    }
  });

  it('refuses them when reconnecting an account too', async () => {
    const [row] = await open.deps.db
      .insert(emailAccounts)
      .values({
        userId: user.id,
        emailAddress: 'lou@example.com',
        provider: 'exchange',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
        username: 'lou',
      })
      .returning({ id: emailAccounts.id });
    const response = await open.request(`/api/accounts/${row!.id}/credentials`, { method: 'PUT', cookie, json: { password: 'lou-pw' } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(PRIVATE_HOST);
  });

  it('refuses them when syncing an account whose server now resolves to one', async () => {
    // Added while the name pointed elsewhere; the check runs on every connection, not only once.
    const [row] = await open.deps.db
      .insert(emailAccounts)
      .values({
        userId: user.id,
        emailAddress: 'lou.sync@example.com',
        provider: 'exchange',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
        username: 'lou',
        encryptedPassword: open.deps.secretBox.encrypt('lou-pw'),
      })
      .returning({ id: emailAccounts.id });
    const result = await runSync(open.deps, { userId: user.id, accountId: row!.id });
    expect(result).toMatchObject({ status: 'failed', stored: 0, error: PRIVATE_HOST });
  });

  describe('and ALLOW_PRIVATE_MAIL_HOSTS=true', async () => {
    const allowed = await createTestApp({ SIGNUP_MODE: 'open', ALLOW_PRIVATE_MAIL_HOSTS: 'true' }, { imapCa });
    const session = await allowed.signUpAndIn('operator@example.com');

    it('connects to a server on this machine, checking its certificate by name', async () => {
      const added = await addAccount(allowed, session.cookie, form('localhost', dovecot.imapPort));
      expect(added.status).toBe(201);
      expect(added.body.account).toMatchObject({ serverUrl: 'localhost', port: dovecot.imapPort });
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['64:ff9b::8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['64:ff9b::10.0.0.1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['2002:7f00:1::1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
