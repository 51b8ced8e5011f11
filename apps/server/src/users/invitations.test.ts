import { INVITATION_MESSAGES } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { users } from '../platform/db/schema/index.ts';
import { cookieFrom, createTestApp } from '../test-support/app.ts';
import { createInvitation, createUserWithPassword, ownerSetupLinkIfNoUsers } from './service.ts';

const t = await createTestApp();
const tokenOf = (url: string) => url.split('/invite/')[1]!;

describe('invitations and waitlist mode', () => {
  it('offers an owner link only while there are no users, and it creates a signed-in account once', async () => {
    const link = await ownerSetupLinkIfNoUsers({ db: t.deps.db, publicUrl: t.env.publicUrl });
    expect(link?.url).toMatch(/^http:\/\/localhost:3000\/invite\/[\w-]{40,}$/);
    const token = tokenOf(link!.url);

    const info = await t.request(`/api/invitations/${token}`);
    expect(await info.json()).toMatchObject({ email: null, kind: 'owner' });

    const accepted = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: { email: 'Owner@Example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'secret1' },
    });
    expect(accepted.status).toBe(200);
    const cookie = cookieFrom(accepted);
    const session = await (await t.request('/api/auth/get-session', { cookie })).json();
    expect(session.user).toMatchObject({ email: 'owner@example.com', firstName: 'Ada', lastName: 'Lovelace' });

    const again = await t.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: { email: 'other@example.com', firstName: 'A', lastName: 'B', password: 'secret1' },
    });
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe(INVITATION_MESSAGES.invalid);
    expect(await ownerSetupLinkIfNoUsers({ db: t.deps.db, publicUrl: t.env.publicUrl })).toBeUndefined();
  });

  it('validates names and password with the sign-up messages', async () => {
    const link = await createInvitation({ db: t.deps.db, email: 'bob@example.com', kind: 'invite', publicUrl: t.env.publicUrl });
    const response = await t.request(`/api/invitations/${tokenOf(link.url)}/accept`, {
      method: 'POST',
      json: { firstName: '', lastName: 'x'.repeat(51), password: '123' },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is too long',
      password: 'Password must be at least 6 characters',
    });
  });

  it('uses the invited email, not one the invitee sends', async () => {
    const link = await createInvitation({ db: t.deps.db, email: 'carol@example.com', kind: 'invite', publicUrl: t.env.publicUrl });
    const response = await t.request(`/api/invitations/${tokenOf(link.url)}/accept`, {
      method: 'POST',
      json: { email: 'mallory@example.com', firstName: 'Carol', lastName: 'C', password: 'secret1' },
    });
    expect(await response.json()).toMatchObject({ user: { email: 'carol@example.com' } });
  });

  it('refuses expired links with 410 and unknown ones with 404', async () => {
    const old = await createInvitation({
      db: t.deps.db,
      email: 'dan@example.com',
      kind: 'invite',
      publicUrl: t.env.publicUrl,
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    const expired = await t.request(`/api/invitations/${tokenOf(old.url)}`);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error.message).toBe(INVITATION_MESSAGES.expired);
    expect((await t.request(`/api/invitations/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('refuses an invitation for an email that already has an account', async () => {
    const link = await createInvitation({ db: t.deps.db, email: 'owner@example.com', kind: 'invite', publicUrl: t.env.publicUrl });
    const response = await t.request(`/api/invitations/${tokenOf(link.url)}/accept`, {
      method: 'POST',
      json: { firstName: 'A', lastName: 'B', password: 'secret1' },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.fields).toEqual({ email: INVITATION_MESSAGES.emailTaken });
  });

  it('in waitlist mode nobody signs up through the API', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'eve@example.com', password: 'secret123', name: 'Eve' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('EMAIL_PASSWORD_SIGN_UP_DISABLED');
  });
});

describe('open sign-up mode', async () => {
  const open = await createTestApp({ SIGNUP_MODE: 'open' });
  it('creates the account and its profile', async () => {
    const response = await open.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'frank@example.com', password: 'secret123', name: 'Frank Zappa' },
    });
    expect(response.status).toBe(200);
    const cookie = cookieFrom(response);
    const session = await (await open.request('/api/auth/get-session', { cookie })).json();
    expect(session.user).toMatchObject({ firstName: 'Frank', lastName: 'Zappa', profileEmail: 'frank@example.com' });
  });
});

describe('the first-start owner link', async () => {
  const fresh = await createTestApp();
  const second = await createTestApp();

  it('stops working once any user exists, and creates nothing', async () => {
    const link = await ownerSetupLinkIfNoUsers({ db: fresh.deps.db, publicUrl: fresh.env.publicUrl });
    const token = tokenOf(link!.url);
    // Someone else made the first account meanwhile (the operator CLI here).
    await createUserWithPassword({
      db: fresh.deps.db,
      auth: fresh.deps.auth,
      user: { email: 'operator@example.com', password: 'secret1', firstName: 'O', lastName: 'P' },
    });

    const info = await fresh.request(`/api/invitations/${token}`);
    expect(info.status).toBe(404);
    expect((await info.json()).error.message).toBe(INVITATION_MESSAGES.invalid);
    const accepted = await fresh.request(`/api/invitations/${token}/accept`, {
      method: 'POST',
      json: { email: 'intruder@example.com', firstName: 'I', lastName: 'N', password: 'secret1' },
    });
    expect(accepted.status).toBe(404);
    expect((await accepted.json()).error.message).toBe(INVITATION_MESSAGES.invalid);
    expect(cookieFrom(accepted)).toBe('');
    const emails = (await fresh.deps.db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(emails).toEqual(['operator@example.com']);
  });

  it('makes only one owner when two people open links at once', async () => {
    const links = await Promise.all([1, 2].map(() => ownerSetupLinkIfNoUsers({ db: second.deps.db, publicUrl: second.env.publicUrl })));
    const statuses = await Promise.all(
      links.map(async (link, i) => {
        const response = await second.request(`/api/invitations/${tokenOf(link!.url)}/accept`, {
          method: 'POST',
          json: { email: `owner${i}@example.com`, firstName: 'O', lastName: 'W', password: 'secret1' },
        });
        return response.status;
      }),
    );
    expect(await second.deps.db.$count(users)).toBeLessThanOrEqual(1);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });
});
