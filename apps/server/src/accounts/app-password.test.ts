import fs from 'node:fs';
import { CONNECTION_CHECK_MESSAGES } from '@penman/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/app.ts';
import { startDovecot } from '../test-support/dovecot.ts';
import { startSmtpSink } from '../test-support/smtp-sink.ts';

// A provider that refuses account passwords (here Proton Mail Bridge: the preset's server is
// 127.0.0.1, where a real Dovecot and a real SMTP server listen) answers an AUTH failure with
// "needs an app password" and its page, in the add and the reconnect. The SMTP check answers every
// failure with one message (issue 33: it must not tell a refused password from a closed port).
const PROTON_NEEDS_APP_PASSWORD =
  'This provider needs an app password: Proton Mail Bridge refused the password. Make an app password (https://proton.me/support/imap-smtp-and-pop3-setup) and use it instead of your account password.';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());
dovecot.addUser('pat', 'pat-bridge-pw');
const imapCa = fs.readFileSync(dovecot.caFile, 'utf8');
const sink = await startSmtpSink({ user: 'pat@proton.me', password: 'pat-bridge-pw' });

// A failed SMTP check answers after MAIL_CHECK_TIMEOUT_MS: shorter than the 20 s default, long enough for a login.
const t = await createTestApp({ MAIL_CHECK_TIMEOUT_MS: '6000' }, { imapCa });
const { cookie } = await t.signUpAndIn('pat@example.com');

const add = (emailAddress: string, serverUrl: string, password: string) =>
  t.request('/api/accounts', {
    method: 'POST',
    cookie,
    json: { provider: 'exchange', emailAddress, password, username: 'pat', serverUrl, port: dovecot.imapPort },
  });

describe('an AUTH failure from a provider that needs an app password', () => {
  it('adding: says the provider needs an app password, with its name and page', async () => {
    const refused = await add('pat@proton.me', '127.0.0.1', 'my-proton-login-password');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(PROTON_NEEDS_APP_PASSWORD);
  });

  it('another server keeps the plain message', async () => {
    const refused = await add('pat@example.org', 'localhost', 'wrong');
    expect((await refused.json()).error.message).toBe('The server localhost refused the username or password.');
  });

  it('reconnecting says it too; the SMTP check gives its one failure, and signs in with the app password', async () => {
    const added = await add('pat@proton.me', '127.0.0.1', 'pat-bridge-pw');
    expect(added.status).toBe(201);
    const { account } = await added.json();

    const reconnect = await t.request(`/api/accounts/${account.id}/credentials`, {
      method: 'PUT',
      cookie,
      json: { password: 'old-login' },
    });
    expect(reconnect.status).toBe(400);
    expect((await reconnect.json()).error.message).toBe(PROTON_NEEDS_APP_PASSWORD);

    const smtp = { host: '127.0.0.1', port: sink.port, security: 'starttls', username: 'pat@proton.me' };
    const check = await t.request(`/api/accounts/${account.id}/delivery/check`, {
      method: 'POST',
      cookie,
      json: { smtp: { ...smtp, password: 'my-proton-login-password' } },
    });
    expect(check.status).toBe(400);
    expect((await check.json()).error.message).toBe(CONNECTION_CHECK_MESSAGES.failed);

    // The right password passes the same check.
    const ok = await t.request(`/api/accounts/${account.id}/delivery/check`, {
      method: 'POST',
      cookie,
      json: { smtp: { ...smtp, password: 'pat-bridge-pw' } },
    });
    expect(ok.status).toBe(200);
  });

  it('the SMTP check of another server gives the same one failure', async () => {
    const added = await add('pat@example.net', 'localhost', 'pat-bridge-pw');
    const { account } = await added.json();
    const check = await t.request(`/api/accounts/${account.id}/delivery/check`, {
      method: 'POST',
      cookie,
      json: { smtp: { host: 'localhost', port: sink.port, security: 'starttls', username: 'pat@proton.me', password: 'wrong' } },
    });
    expect((await check.json()).error.message).toBe(CONNECTION_CHECK_MESSAGES.failed);
  });
});
