import fs from 'node:fs';
import net from 'node:net';
import { CONNECTION_CHECK_MESSAGES, MAIL_SERVER_CHECKS_PER_USER } from '@penman/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../platform/db/embedded-postgres.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { testCertificate } from '../test-support/dovecot.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';

// The SMTP "Check connection" must not be a port scanner (issue 33): in waitlist mode it may reach
// private hosts, and it told a closed port (at once), a port that never greets (after 15 s) and an
// IMAP server (its own message) apart. Every failure now gets one answer after the same wait, and a
// user has a limited number of checks. No timing is asserted here: the answers are compared.
// The sink's certificate is self-signed: trusted as the extra CA, as the Dovecot tests do.
const t = await createTestApp({ MAIL_CHECK_TIMEOUT_MS: '6000' }, { imapCa: fs.readFileSync(testCertificate().cert, 'utf8') });
const sink = await startSmtpSink();

async function listen(onConnection: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as net.AddressInfo).port;
}
// Open ports that are no SMTP server: one that never says a word (as an HTTP server waits for a
// request), one that greets as IMAP does.
const silentPort = await listen(() => {});
const imapPort = await listen((socket) => socket.write('* OK [CAPABILITY IMAP4rev1 STARTTLS AUTH=PLAIN] Dovecot ready.\r\n'));

async function userWithAccount(email: string) {
  const { user, cookie } = await t.signUpAndIn(email);
  const [row] = await t.deps.db
    .insert(emailAccounts)
    .values({
      userId: user.id,
      emailAddress: email,
      provider: 'exchange',
      serverUrl: 'localhost',
      port: 993,
      username: email,
      encryptedPassword: t.deps.secretBox.encrypt('imap-pw'),
    })
    .returning({ id: emailAccounts.id });
  return { cookie, accountId: row!.id };
}

const smtp = (port: number, password = sink.password) => ({ host: 'localhost', port, security: 'starttls', username: sink.user, password });

async function check(who: { cookie: string; accountId: string }, settings: ReturnType<typeof smtp>) {
  const response = await t.request(`/api/accounts/${who.accountId}/delivery/check`, {
    method: 'POST',
    cookie: who.cookie,
    json: { smtp: settings },
  });
  return { status: response.status, body: await response.json() };
}

describe('the SMTP connection check', () => {
  it('answers the same for a closed port, a port that never greets, an IMAP server and a refused password', async () => {
    const who = await userWithAccount('scanner@example.com');
    const answers = await Promise.all([
      check(who, smtp(await findFreePort())),
      check(who, smtp(silentPort)),
      check(who, smtp(imapPort)),
      check(who, smtp(sink.port, 'wrong-password')),
    ]);
    for (const answer of answers)
      expect(answer).toEqual({ status: 400, body: { error: { code: 'BAD_REQUEST', message: CONNECTION_CHECK_MESSAGES.failed } } });
    // The same settings with the right password sign in.
    expect(await check(who, smtp(sink.port))).toEqual({ status: 200, body: { ok: true, message: 'Signed in to localhost.' } });
  });

  it('answers 429 after the checks a user may make, for SMTP and IMAP alike', async () => {
    const who = await userWithAccount('busy@example.com');
    for (let i = 0; i < MAIL_SERVER_CHECKS_PER_USER.max; i++) expect((await check(who, smtp(sink.port))).status).toBe(200);
    const tooMany = { error: { code: 'RATE_LIMITED', message: CONNECTION_CHECK_MESSAGES.tooMany } };
    expect(await check(who, smtp(sink.port))).toEqual({ status: 429, body: tooMany });
    const save = await t.request(`/api/accounts/${who.accountId}/delivery`, {
      method: 'PUT',
      cookie: who.cookie,
      json: { mode: 'send', smtp: smtp(sink.port) },
    });
    expect(save.status).toBe(429);
    const add = await t.request('/api/accounts', {
      method: 'POST',
      cookie: who.cookie,
      json: {
        provider: 'exchange',
        emailAddress: 'busy+2@example.com',
        password: 'pw',
        username: 'busy',
        serverUrl: 'localhost',
        port: 993,
      },
    });
    expect({ status: add.status, body: await add.json() }).toEqual({ status: 429, body: tooMany });
    // Another user is not held back.
    expect((await check(await userWithAccount('calm@example.com'), smtp(sink.port))).status).toBe(200);
  });
});
