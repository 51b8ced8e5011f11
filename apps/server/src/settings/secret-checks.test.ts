import { SETTINGS_MESSAGES } from '@penman/contract';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { twoFactors, users } from '../platform/db/schema/index.ts';
import { cookieFrom, createTestApp } from '../test-support/app.ts';
import { SECRET_CHECK_RULES } from '../users/secret-check-limits.ts';

// Every check of a signed-in user's secret (the current password, a two-factor code) shares one
// limit per user and one per client address: changing the sign-in email, changing the password,
// turning two-factor on or off, deleting the account. Issue 33: the email change and the deletion
// took 25 guesses in 3.7 s, and the deletion's code check ignored the two-factor lock.
const t = await createTestApp();
const PASSWORD = 'correct-horse-1';
const FREE = SECRET_CHECK_RULES.user.freeFailures;

// Each guess from its own address unless a test says otherwise: the limit per user holds whatever
// the address, and better-auth's own limit (per address and path) stays out of the way.
let lastIp = 0;
const nextIp = () => `198.51.100.${++lastIp}`;

let moves = 0;
const changeEmail = (cookie: string, currentPassword: string, ip = nextIp()) =>
  t.request('/api/settings/profile', {
    method: 'PATCH',
    cookie,
    ip,
    json: { firstName: 'Test', lastName: 'User', email: `moved-${++moves}@example.com`, currentPassword },
  });
const deleteAccount = (cookie: string, password: string, code?: string, ip = nextIp()) =>
  t.request('/api/settings/delete-account', {
    method: 'POST',
    cookie,
    ip,
    json: { confirmation: 'DELETE MY ACCOUNT', password, ...(code ? { code } : {}) },
  });
const changePassword = (cookie: string, currentPassword: string, ip = nextIp()) =>
  t.request('/api/auth/change-password', {
    method: 'POST',
    cookie,
    ip,
    json: { currentPassword, newPassword: 'battery-staple-2', revokeOtherSessions: false },
  });

const tooManyTries = { error: { code: 'RATE_LIMITED', message: SETTINGS_MESSAGES.tooManyTries } };

async function expectRefused(response: Awaited<ReturnType<typeof t.request>>) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual(tooManyTries);
}

describe('checks of a secret, limited per user', () => {
  it('changing the sign-in email: a few wrong passwords, then refused, the right one too, from any address', async () => {
    const { cookie } = await t.signUpAndIn('email-guess@example.com');
    for (let i = 0; i < FREE; i++) expect((await changeEmail(cookie, `guess-${i}`)).status).toBe(400);
    await expectRefused(await changeEmail(cookie, PASSWORD));
  });

  it('deleting the account: the same, and the account stays', async () => {
    const { cookie, user } = await t.signUpAndIn('delete-guess@example.com');
    for (let i = 0; i < FREE; i++) expect((await deleteAccount(cookie, `guess-${i}`)).status).toBe(400);
    await expectRefused(await deleteAccount(cookie, PASSWORD));
    expect(await t.deps.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it("one count for every check: wrong passwords at the email change and the deletion, then better-auth's change-password is refused", async () => {
    const { cookie } = await t.signUpAndIn('shared-count@example.com');
    for (let i = 0; i < FREE; i++) expect((await (i % 2 ? changeEmail : deleteAccount)(cookie, `guess-${i}`)).status).toBe(400);
    await expectRefused(await changePassword(cookie, PASSWORD));
  });

  it('change-password alone is limited per user across addresses', async () => {
    const { cookie } = await t.signUpAndIn('password-guess@example.com');
    for (let i = 0; i < FREE; i++) expect((await changePassword(cookie, `guess-${i}`)).status).toBe(400);
    await expectRefused(await changePassword(cookie, PASSWORD));
  });

  it('a right password takes its check back: mistakes before it do not add up', async () => {
    const { cookie } = await t.signUpAndIn('forgetful@example.com');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < FREE - 1; i++) expect((await changeEmail(cookie, `guess-${i}`)).status).toBe(400);
      expect((await changeEmail(cookie, PASSWORD)).status).toBe(200);
    }
  });
});

describe('checks of a secret, limited per address', () => {
  it('many users guessing from one address are refused there, not elsewhere', async () => {
    const ip = '192.0.2.10';
    const max = SECRET_CHECK_RULES.address.max;
    for (let i = 0; i < max; i++) {
      const { cookie } = await t.signUpAndIn(`same-address-${i}@example.com`);
      expect((await changeEmail(cookie, 'guess', ip)).status).toBe(400);
    }
    const { cookie } = await t.signUpAndIn('same-address-last@example.com');
    await expectRefused(await changeEmail(cookie, PASSWORD, ip));
    expect((await changeEmail(cookie, PASSWORD, '192.0.2.11')).status).toBe(200);
  });
});

describe('deleting the account with two-factor on', () => {
  async function enrolled(email: string) {
    const { cookie, user } = await t.signUpAndIn(email);
    const ip = nextIp();
    const enable = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie, json: { password: PASSWORD }, ip });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const code = () => OTPAuth.URI.parse(totpURI).generate();
    const verify = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie, json: { code: code() }, ip });
    expect(verify.status).toBe(200);
    return { cookie: cookieFrom(verify) || cookie, userId: user.id, code };
  }
  const lockOf = async (userId: string) =>
    (
      await t.deps.db
        .select({ failures: twoFactors.failedVerificationCount, lockedUntil: twoFactors.lockedUntil })
        .from(twoFactors)
        .where(eq(twoFactors.userId, userId))
    )[0]!;

  it('counts a wrong code toward the two-factor lock, and a right code clears the count', async () => {
    const { cookie, userId, code } = await enrolled('code-count@example.com');
    expect((await deleteAccount(cookie, PASSWORD, '000000')).status).toBe(400);
    expect((await deleteAccount(cookie, PASSWORD, '000001')).status).toBe(400);
    expect(await lockOf(userId)).toEqual({ failures: 2, lockedUntil: null });
    expect((await deleteAccount(cookie, PASSWORD, code())).status).toBe(204);
  });

  it('refuses even the right code while the two-factor lock is on, and keeps the account', async () => {
    const { cookie, userId, code } = await enrolled('code-locked@example.com');
    await t.deps.db
      .update(twoFactors)
      .set({ failedVerificationCount: 10, lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(twoFactors.userId, userId));
    const refused = await deleteAccount(cookie, PASSWORD, code());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: SETTINGS_MESSAGES.twoFactorLocked } });
    expect(await t.deps.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
  });

  it('locks two-factor after the lock’s number of wrong codes in a row', async () => {
    const { cookie, userId } = await enrolled('code-lock@example.com');
    await t.deps.db.update(twoFactors).set({ failedVerificationCount: 9 }).where(eq(twoFactors.userId, userId));
    expect((await deleteAccount(cookie, PASSWORD, '000000')).status).toBe(400);
    const lock = await lockOf(userId);
    expect(lock.failures).toBe(10);
    expect(lock.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });
});
