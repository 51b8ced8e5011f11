import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app.ts';
import { publishEvent } from '../realtime.ts';

const t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });

describe('HTTP platform', () => {
  it('answers health once database and queue are up', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers: CSP without inline scripts, no framing, nosniff', async () => {
    const response = await t.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths and unauthenticated data routes in the one error shape', async () => {
    const missing = await t.request('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    const anonymous = await t.request('/api/dashboard/sidebar-counts');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
  });

  it('refuses bodies over the limit', async () => {
    const response = await t.request('/api/invitations/abcdefghijklmnopqrstuvwxyz/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'x'.repeat(5000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes OpenAPI 3 generated from the route schemas', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/invitations/{token}', '/api/dashboard/sidebar-counts']),
    );
  });

  it('rate-limits sign-in after 5 attempts a minute for one email from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'nobody@example.com', password: 'wrong-password' },
        ip: '192.0.2.10',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another email from the same address is not affected (users/sign-in-limits.test.ts has the rest).
    const other = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'somebody@example.com', password: 'wrong-password' },
      ip: '192.0.2.10',
    });
    expect(other.status).toBe(401);
  });

  it('streams a user their own events, published through PostgreSQL, and nobody else', async () => {
    const alice = await t.signUpAndIn('alice-events@example.com');
    const bob = await t.signUpAndIn('bob-events@example.com');
    const open = async (cookie: string) => {
      const response = await t.request('/api/events', { cookie });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      return response.body!.getReader();
    };
    const aliceStream = await open(alice.cookie);
    const bobStream = await open(bob.cookie);
    const decoder = new TextDecoder();
    const readUntil = async (reader: ReadableStreamDefaultReader<Uint8Array>, needle: string) => {
      let text = '';
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    };
    await readUntil(aliceStream, 'event: ready');
    await readUntil(bobStream, 'event: ready');
    await publishEvent(t.database.db, alice.user.id, { type: 'account.updated', data: { id: 'a1' } });
    const received = await readUntil(aliceStream, 'account.updated');
    expect(received).toContain('data: {"id":"a1"}');
    // Bob's stream gets nothing within a short wait.
    const bobRead = await Promise.race([bobStream.read().then(() => 'data'), new Promise((r) => setTimeout(() => r('nothing'), 300))]);
    expect(bobRead).toBe('nothing');
    await aliceStream.cancel();
    await bobStream.cancel();
  });
});
