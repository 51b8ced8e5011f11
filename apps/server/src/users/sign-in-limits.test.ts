import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFailures } from '../platform/db/schema/index.ts';
import { cookieFrom, createTestApp } from '../test-support/app.ts';
import { admitAttempt, backoffLockMs, type FailureRecord, signInRules } from './engine/sign-in-limits.ts';
import { createUserWithPassword } from './service.ts';

const t = await createTestApp();

const PASSWORD = 'correct-horse-1';
for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com', 'dan@example.com', 'eve@example.com']) {
  await createUserWithPassword({ db: t.deps.db, auth: t.deps.auth, user: { email, password: PASSWORD, firstName: 'T', lastName: 'U' } });
}

const signIn = (email: string, password: string, ip: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, ip });

async function statusesOf(count: number, email: string, password: string, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await signIn(email, password, ip)).status);
  return statuses;
}

/** As if `ms` had passed for every failure record: the server's clock cannot be moved. */
async function letTimePass(ms: number) {
  const shift = sql.raw(`interval '${ms} milliseconds'`);
  await t.deps.db.update(signInFailures).set({
    windowStartedAt: sql`${signInFailures.windowStartedAt} - ${shift}`,
    lastFailureAt: sql`${signInFailures.lastFailureAt} - ${shift}`,
  });
}

describe('sign-in limits', () => {
  it("one user's wrong passwords do not lock out another user behind the same address", async () => {
    expect(await statusesOf(5, 'ann@example.com', 'wrong-password', '10.0.0.1')).toEqual([401, 401, 401, 401, 401]);
    const limited = await signIn('ann@example.com', 'wrong-password', '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again later.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    expect((await signIn('ben@example.com', PASSWORD, '10.0.0.1')).status).toBe(200);
    expect((await signIn('ben@example.com', 'wrong-password', '10.0.0.1')).status).toBe(401);
  });

  it('limits the same email from any other address, with a back-off that grows', async () => {
    // Ann's five failures above lock her email for 30 s everywhere, even with the right password.
    const elsewhere = await signIn('ann@example.com', PASSWORD, '10.9.9.9');
    expect(elsewhere.status).toBe(429);
    const firstLock = Number(elsewhere.headers.get('retry-after'));
    expect(firstLock).toBeGreaterThan(20);
    expect(firstLock).toBeLessThanOrEqual(30);

    await letTimePass(31_000);
    expect((await signIn('ann@example.com', 'wrong-password', '10.9.9.9')).status).toBe(401);
    const longer = await signIn('ann@example.com', PASSWORD, '10.8.8.8');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(50);

    // Once the lock is over, the right password signs in and Ann starts again from nothing.
    await letTimePass(61_000);
    expect((await signIn('ann@example.com', PASSWORD, '10.8.8.8')).status).toBe(200);
    expect(await statusesOf(2, 'ann@example.com', 'wrong-password', '10.0.0.1')).toEqual([401, 401]);
  });

  it('a burst of parallel guesses gets no more tries than the limit', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 9 }, () => signIn('cat@example.com', 'wrong-password', '10.0.0.3').then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it('many emails from one address hit the per-address ceiling, other addresses do not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(`sprayed${i}@example.com`, 'Winter2026!', '10.0.0.4')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    // Even a real user with the right password waits at that address: it is the address that sprays.
    expect((await signIn('dan@example.com', PASSWORD, '10.0.0.4')).status).toBe(429);
    expect((await signIn('dan@example.com', PASSWORD, '10.0.0.5')).status).toBe(200);
  });

  it('successful sign-ins do not count toward the ceiling', async () => {
    const statuses = await statusesOf(35, 'eve@example.com', PASSWORD, '10.0.0.6');
    expect(statuses).toEqual(Array(35).fill(200));
  });

  it('reading the session is never limited: every page load of many tabs behind one address asks for it', async () => {
    const cookie = cookieFrom(await signIn('eve@example.com', PASSWORD, '10.0.0.7'));
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await t.request('/api/auth/get-session', { cookie, ip: '10.0.0.7' })).status);
    expect(statuses).toEqual(Array(150).fill(200));
  });
});

describe('sign-in limits behind a trusted proxy', async () => {
  const proxied = await createTestApp({ TRUSTED_PROXY: 'true', SIGN_IN_FAILURES_PER_ADDRESS_PER_MINUTE: '3' });
  const viaProxy = (email: string, forwardedFor: string) =>
    proxied.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'wrong-password' },
      headers: { 'x-forwarded-for': forwardedFor },
      ip: '127.0.0.1',
    });

  it('counts the address the proxy forwarded, not the proxy', async () => {
    const statuses: number[] = [];
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com', 'p4@example.com']) {
      statuses.push((await viaProxy(email, '203.0.113.1')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await viaProxy('p5@example.com', '203.0.113.2')).status).toBe(401);
  });
});

describe('sign-in limit rules', () => {
  const rules = signInRules({ perAddressAndEmail: 5, perAddress: 30 });

  it.each([
    [4, 0],
    [5, 30_000],
    [6, 60_000],
    [9, 480_000],
    [10, 900_000],
    [40, 900_000],
  ])('after %i failures an email is locked for %i ms', (failures, lockMs) => {
    expect(backoffLockMs(rules.email, failures)).toBe(lockMs);
  });

  it('forgets an email after an hour without failures', () => {
    const record: FailureRecord = { failures: 12, windowStartedAt: 0, lastFailureAt: 0 };
    expect(admitAttempt(rules.email, record, 10_000)).toEqual({ allowed: false, retryAfterMs: 890_000 });
    expect(admitAttempt(rules.email, record, 3_600_000)).toMatchObject({ allowed: true, next: { failures: 1 } });
  });

  it('opens a new window a minute after the last one started', () => {
    const full: FailureRecord = { failures: 5, windowStartedAt: 1_000, lastFailureAt: 50_000 };
    expect(admitAttempt(rules.addressAndEmail, full, 60_999)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(admitAttempt(rules.addressAndEmail, full, 61_000)).toEqual({
      allowed: true,
      next: { failures: 1, windowStartedAt: 61_000, lastFailureAt: 61_000 },
    });
  });
});
