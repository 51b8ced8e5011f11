import fs from 'node:fs';
import { ImapFlow } from 'imapflow';
import { afterAll, expect, it } from 'vitest';
import { startDovecot } from './dovecot.ts';

const dovecot = await startDovecot();
afterAll(() => dovecot.stop());

async function canLogIn(user: string, pass: string): Promise<boolean> {
  const client = new ImapFlow({
    host: 'localhost',
    port: dovecot.imapsPort,
    secure: true,
    auth: { user, pass },
    tls: { ca: fs.readFileSync(dovecot.caFile, 'utf8') },
    logger: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.logout();
    return true;
  } catch {
    return false;
  }
}

it('a user added in the same second as another login can log in at once', async () => {
  const results: boolean[] = [];
  for (let i = 0; i < 3; i++) {
    dovecot.addUser(`first${i}`, 'pw');
    await canLogIn(`first${i}`, 'pw');
    dovecot.addUser(`second${i}`, 'pw');
    results.push(await canLogIn(`second${i}`, 'pw'));
  }
  expect(results).toEqual([true, true, true]);
});
