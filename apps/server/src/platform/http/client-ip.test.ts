import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, parseTrustedProxy, type TrustedProxy } from './client-ip.ts';

/** What clientIp answers for a request from `socket` carrying `forwardedFor`, as the node adapter hands it over. */
async function addressSeen(trustedProxy: TrustedProxy | string, socket: string, forwardedFor?: string) {
  if (typeof trustedProxy === 'string') throw new Error(trustedProxy);
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustedProxy)));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const response = await app.request(
    '/',
    { headers },
    { incoming: { socket: { remoteAddress: socket, remotePort: 1, remoteFamily: 'IPv4' } } },
  );
  return response.text();
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For unless TRUSTED_PROXY is set', async () => {
    expect(await addressSeen(parseTrustedProxy(undefined), '10.0.0.9', '203.0.113.7')).toBe('10.0.0.9');
    expect(await addressSeen(parseTrustedProxy('false'), '::ffff:10.0.0.9', '203.0.113.7')).toBe('10.0.0.9');
  });

  it('with a number of proxies, takes the address the outermost trusted proxy saw', async () => {
    // The client forged the left-most entry; the one proxy appended the real address.
    expect(await addressSeen(parseTrustedProxy('true'), '127.0.0.1', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen(parseTrustedProxy('2'), '127.0.0.1', '1.1.1.1, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    // Fewer entries than proxies: the farthest address there is.
    expect(await addressSeen(parseTrustedProxy('2'), '127.0.0.1')).toBe('127.0.0.1');
  });

  it('with proxy addresses, trusts only those and stops at the first address that is not one', async () => {
    const trusted = parseTrustedProxy('127.0.0.1, 10.0.0.0/8, ::1');
    expect(await addressSeen(trusted, '127.0.0.1', '1.1.1.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(await addressSeen(trusted, '::1', '2001:db8::5')).toBe('2001:db8::5');
    // A peer that is not a trusted proxy names itself, whatever it writes.
    expect(await addressSeen(trusted, '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    // Garbage from the client ends the chain at the last real address.
    expect(await addressSeen(trusted, '127.0.0.1', 'not-an-ip')).toBe('127.0.0.1');
  });

  it('refuses a TRUSTED_PROXY it cannot read', () => {
    expect(parseTrustedProxy('yes please')).toMatch(/"yes please" is neither/);
    expect(parseTrustedProxy('10.0.0.0/33')).toMatch(/is neither/);
    expect(parseTrustedProxy('99')).toMatch(/at most 20/);
  });
});
