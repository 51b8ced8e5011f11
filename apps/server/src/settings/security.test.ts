import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { sessions } from '../platform/db/schema/index.ts';
import { cookieFrom, createTestApp } from '../test-support/app.ts';

const t = await createTestApp();
const PASSWORD = 'correct-horse-1';

/** The code an authenticator app shows now for this otpauth:// URI. */
const totpCode = (totpURI: string) => OTPAuth.URI.parse(totpURI).generate();

/** Every sign-in and two-factor request of a test from its own address: better-auth limits /two-factor/* per address. */
let lastIp = 0;
const nextIp = () => `203.0.113.${++lastIp}`;

async function signIn(email: string, password: string, ip: string) {
  return t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip });
}

const sessionOf = async (cookie: string) => (await t.request('/api/auth/get-session', { cookie })).json();

/** Turns two-factor sign-in on for the signed-in user as the Settings page does; answers the URI and backup codes. */
async function enrol(cookie: string, ip: string) {
  const enable = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const verify = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie, json: { code: totpCode(totpURI) }, ip });
  expect(verify.status).toBe(200);
  expect(await verify.json()).not.toHaveProperty('token');
  // Turning it on replaces the session: the answer's cookie is the one to go on with.
  return { totpURI, backupCodes, cookie: cookieFrom(verify) };
}

describe('change password', () => {
  it('signs the other sessions out when asked, keeps this one, and never answers the new token', async () => {
    const { cookie, user } = await t.signUpAndIn('pat@example.com');
    const other = cookieFrom(await signIn('pat@example.com', PASSWORD, nextIp()));
    expect((await sessionOf(other))?.user.id).toBe(user.id);

    const response = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie,
      json: { currentPassword: PASSWORD, newPassword: 'battery-staple-2', revokeOtherSessions: true },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toBeUndefined();
    const stored = await t.deps.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain(stored[0]!.token);

    expect(await sessionOf(other)).toBeNull();
    expect((await sessionOf(cookieFrom(response)))?.user.id).toBe(user.id);
    expect((await signIn('pat@example.com', PASSWORD, nextIp())).status).toBe(401);
    expect((await signIn('pat@example.com', 'battery-staple-2', nextIp())).status).toBe(200);
  });

  it('keeps the other sessions when the box is unticked, and refuses a wrong current password', async () => {
    const { cookie } = await t.signUpAndIn('quinn@example.com');
    const other = cookieFrom(await signIn('quinn@example.com', PASSWORD, nextIp()));
    const wrong = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie,
      json: { currentPassword: 'not-my-password', newPassword: 'battery-staple-2', revokeOtherSessions: false },
    });
    expect(wrong.status).toBe(400);
    const response = await t.request('/api/auth/change-password', {
      method: 'POST',
      cookie,
      json: { currentPassword: PASSWORD, newPassword: 'battery-staple-2', revokeOtherSessions: false },
    });
    expect(response.status).toBe(200);
    expect(await sessionOf(other)).not.toBeNull();
  });
});

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with a code, then asks every sign-in for one before any session exists', async () => {
    const ip = nextIp();
    const { cookie, user } = await t.signUpAndIn('tara@example.com');
    const enable = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
    const { totpURI, backupCodes } = await enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Penman:tara%40example\.com\?/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until a code proves the app has the secret.
    expect((await (await t.request('/api/settings/account', { cookie })).json()).twoFactorEnabled).toBe(false);
    const wrong = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie, json: { code: '000000' }, ip });
    expect(wrong.status).toBe(401);
    const verify = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie, json: { code: totpCode(totpURI) }, ip });
    expect(verify.status).toBe(200);
    const enrolled = cookieFrom(verify);
    expect((await (await t.request('/api/settings/account', { cookie: enrolled })).json()).twoFactorEnabled).toBe(true);

    const signInIp = nextIp();
    const first = await signIn('tara@example.com', PASSWORD, signInIp);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    const challenge = cookieFrom(first);
    expect(await sessionOf(challenge)).toBeNull();

    const refused = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      cookie: challenge,
      json: { code: '000000' },
      ip: signInIp,
    });
    expect(refused.status).toBe(401);
    const second = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      cookie: challenge,
      json: { code: totpCode(totpURI) },
      ip: signInIp,
    });
    expect(second.status).toBe(200);
    const text = await second.text();
    const stored = await t.deps.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id));
    for (const session of stored) expect(text).not.toContain(session.token);
    expect(JSON.parse(text)).not.toHaveProperty('token');
    expect((await sessionOf(cookieFrom(second)))?.user.email).toBe('tara@example.com');
  });

  it('lets a person who mistypes once at enrolment and once at sign-in in (same address, within seconds)', async () => {
    const ip = nextIp();
    const { cookie } = await t.signUpAndIn('mia@example.com');
    const enable = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
    const { totpURI } = await enable.json();
    const verify = (json: { code: string }, with_: string) =>
      t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: with_, json, ip });
    expect((await verify({ code: '000000' }, cookie)).status).toBe(401);
    expect((await verify({ code: totpCode(totpURI) }, cookie)).status).toBe(200);
    const challenge = cookieFrom(await signIn('mia@example.com', PASSWORD, ip));
    expect((await verify({ code: '000000' }, challenge)).status).toBe(401);
    expect((await verify({ code: totpCode(totpURI) }, challenge)).status).toBe(200);
  });

  it('takes each backup code once', async () => {
    const { cookie } = await t.signUpAndIn('bea@example.com');
    const { backupCodes } = await enrol(cookie, nextIp());
    const useBackupCode = async (code: string) => {
      const ip = nextIp();
      const first = await signIn('bea@example.com', PASSWORD, ip);
      expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
      return t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', cookie: cookieFrom(first), json: { code }, ip });
    };
    const once = await useBackupCode(backupCodes[0]!);
    expect(once.status).toBe(200);
    expect(await once.json()).not.toHaveProperty('token');
    expect((await sessionOf(cookieFrom(once)))?.user.email).toBe('bea@example.com');
    expect((await useBackupCode(backupCodes[0]!)).status).toBe(401);
    expect((await useBackupCode(backupCodes[1]!)).status).toBe(200);
  });

  it('turns off with the password only, and sign-in then needs no code', async () => {
    const ip = nextIp();
    const { cookie: first } = await t.signUpAndIn('dan@example.com');
    const { cookie } = await enrol(first, ip);
    const wrong = await t.request('/api/auth/two-factor/disable', { method: 'POST', cookie, json: { password: 'nope-nope' }, ip });
    expect(wrong.status).toBe(400);
    const response = await t.request('/api/auth/two-factor/disable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
    expect(response.status).toBe(200);
    const again = await signIn('dan@example.com', PASSWORD, nextIp());
    expect((await again.json()).user.email).toBe('dan@example.com');
  });
});

describe('active sessions', () => {
  it('lists sessions by id with device, browser and address, and no token', async () => {
    const { cookie, user } = await t.signUpAndIn('sam@example.com');
    const phone = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'sam@example.com', password: PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
      ip: '198.51.100.23',
    });
    const response = await t.request('/api/settings/sessions', { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const stored = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(2);
    for (const session of stored) expect(text).not.toContain(session.token);
    const listed = JSON.parse(text).sessions as Record<string, unknown>[];
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(['browser', 'createdAt', 'current', 'device', 'id', 'ipAddress', 'lastActiveAt']);
    }
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const phoneSession = listed.find((session) => session.device === 'iPhone');
    expect(phoneSession).toMatchObject({ browser: 'Safari 17', ipAddress: '198.51.100.23', current: false });

    // Signing the phone out by its id ends that session only.
    const revoke = await t.request(`/api/settings/sessions/${phoneSession!.id}`, { method: 'DELETE', cookie });
    expect(revoke.status).toBe(204);
    expect(await sessionOf(cookieFrom(phone))).toBeNull();
    expect((await sessionOf(cookie))?.user.id).toBe(user.id);
    expect((await t.request(`/api/settings/sessions/${phoneSession!.id}`, { method: 'DELETE', cookie })).status).toBe(404);
  });

  it("answers 404 for another user's session id and leaves it signed in", async () => {
    const victim = await t.signUpAndIn('victim@example.com');
    const attacker = await t.signUpAndIn('mallory@example.com');
    const [victimSession] = await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, victim.user.id));
    const response = await t.request(`/api/settings/sessions/${victimSession!.id}`, { method: 'DELETE', cookie: attacker.cookie });
    expect(response.status).toBe(404);
    expect((await sessionOf(victim.cookie))?.user.id).toBe(victim.user.id);
  });

  it('signs out every other session and keeps this one', async () => {
    const { cookie, user } = await t.signUpAndIn('olga@example.com');
    const laptop = cookieFrom(await signIn('olga@example.com', PASSWORD, nextIp()));
    const tablet = cookieFrom(await signIn('olga@example.com', PASSWORD, nextIp()));
    const bystander = await t.signUpAndIn('bystander@example.com');
    const response = await t.request('/api/settings/sessions/revoke-others', { method: 'POST', cookie });
    expect(await response.json()).toEqual({ revoked: 2 });
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(tablet)).toBeNull();
    expect((await sessionOf(cookie))?.user.id).toBe(user.id);
    expect((await sessionOf(bystander.cookie))?.user.id).toBe(bystander.user.id);
  });
});
