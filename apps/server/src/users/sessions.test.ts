import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../platform/db/schema/index.ts';
import { cookieFrom, createTestApp } from '../test-support/app.ts';

const t = await createTestApp();

describe('GET /api/auth/list-sessions', () => {
  it("lists the user's sessions with what the settings screen shows, and no token", async () => {
    const { user, cookie } = await t.signUpAndIn('tess@example.com');
    const phone = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'tess@example.com', password: 'correct-horse-1' },
      headers: { 'user-agent': 'Phone/1.0' },
      ip: '198.51.100.7',
    });
    expect(phone.status).toBe(200);

    const response = await t.request('/api/auth/list-sessions', { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const stored = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(2);
    for (const session of stored) expect(text).not.toContain(session.token);

    const listed = JSON.parse(text) as Record<string, unknown>[];
    expect(listed).toHaveLength(2);
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'updatedAt', 'userAgent']);
    }
    const current = listed.find((session) => session.current);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    // The session of the cookie that asked is the current one; the phone's is the other.
    const phoneSession = listed.find((session) => session.userAgent === 'Phone/1.0');
    expect(phoneSession).toMatchObject({ current: false, ipAddress: '198.51.100.7' });
    expect(current?.id).not.toBe(phoneSession?.id);

    const fromPhone = await (await t.request('/api/auth/list-sessions', { cookie: cookieFrom(phone) })).json();
    expect(fromPhone.find((session: { current: boolean }) => session.current).id).toBe(phoneSession?.id);
  });

  it('signs in with the token in the httpOnly cookie only, never in the body page scripts read', async () => {
    await t.signUpAndIn('tom@example.com');
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'tom@example.com', password: 'correct-horse-1' },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).not.toHaveProperty('token');
    expect(body.user.email).toBe('tom@example.com');
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await t.request('/api/auth/get-session', { cookie: cookieFrom(response) })).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('/api/auth/list-sessions')).status).toBe(401);
  });
});
