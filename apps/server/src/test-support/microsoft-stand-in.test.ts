import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { ImapFlow } from 'imapflow';
import { afterAll, expect, it } from 'vitest';
import { startDovecot } from './dovecot.ts';
import { startMicrosoftStandIn } from './microsoft-stand-in.ts';

// The stand-ins the Microsoft tests stand on: the identity platform's authorize/token endpoints
// and Dovecot checking XOAUTH2 bearer tokens with it, while password logins keep working.

const standIn = await startMicrosoftStandIn({ users: { 'megan@contoso.example': 'megan' } });
const dovecot = await startDovecot({ oauth2IntrospectionUrl: standIn.introspectionUrl });
dovecot.addUser('megan', 'megan-pw');
dovecot.addUser('paul', 'paul-pw');
dovecot.seed('megan', 'INBOX', [
  { raw: Buffer.from('Subject: one\r\n\r\nbody\r\n') },
  { raw: Buffer.from('Subject: two\r\n\r\nbody\r\n') },
]);
afterAll(async () => {
  await dovecot.stop();
  await standIn.close();
});

const redirectUri = 'http://localhost:5173/microsoft-callback';

async function signIn(login: string) {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${standIn.url}/common/oauth2/v2.0/authorize`);
  for (const [key, value] of Object.entries({
    client_id: standIn.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email offline_access https://outlook.office.com/IMAP.AccessAsUser.All',
    state: 'the-state',
    login_hint: login,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(key, value);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const token = await fetch(`${standIn.url}/common/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: standIn.clientId,
      client_secret: standIn.clientSecret,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  return (await token.json()) as { access_token: string; refresh_token: string; id_token: string };
}

/** The number of messages in the INBOX the login opened (whose mailbox it is), or null when refused. */
async function logIn(auth: { user: string; pass?: string; accessToken?: string }): Promise<number | null> {
  const client = new ImapFlow({
    host: 'localhost',
    port: dovecot.imapsPort,
    secure: true,
    auth: auth as { user: string; pass: string },
    tls: { ca: fs.readFileSync(dovecot.caFile, 'utf8') },
    logger: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const status = await client.status('INBOX', { messages: true });
    await client.logout();
    return status ? (status.messages ?? null) : null;
  } catch {
    return null;
  }
}

it('Dovecot accepts a live XOAUTH2 bearer token and still accepts passwords', async () => {
  const tokens = await signIn('megan@contoso.example');
  // megan's mailbox (two messages): the introspection's dovecot_user named it.
  expect(await logIn({ user: 'megan@contoso.example', accessToken: tokens.access_token })).toBe(2);
  expect(standIn.introspections).toContain('megan@contoso.example');
  expect(await logIn({ user: 'paul', pass: 'paul-pw' })).toBe(0);
});

it('Dovecot refuses an expired, a foreign or a revoked token', async () => {
  const tokens = await signIn('megan@contoso.example');
  expect(await logIn({ user: 'paul@contoso.example', accessToken: tokens.access_token })).toBeNull();
  expect(await logIn({ user: 'megan@contoso.example', accessToken: 'not-a-token' })).toBeNull();
  standIn.expireAccessTokens();
  expect(await logIn({ user: 'megan@contoso.example', accessToken: tokens.access_token })).toBeNull();

  const fresh = await signIn('megan@contoso.example');
  standIn.revoke('megan@contoso.example');
  expect(await logIn({ user: 'megan@contoso.example', accessToken: fresh.access_token })).toBeNull();
  const refreshed = await fetch(`${standIn.url}/common/oauth2/v2.0/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: standIn.clientId,
      client_secret: standIn.clientSecret,
      refresh_token: fresh.refresh_token,
    }),
  });
  expect(refreshed.status).toBe(400);
  expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');
});
