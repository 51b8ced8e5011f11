import { MAIL_SERVER_LOOKUPS_PER_MINUTE, PRESET_MESSAGES } from '@penman/contract';
import dns2 from 'dns2';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../platform/db/embedded-postgres.ts';
import { createTestApp } from '../test-support/app.ts';

const { Packet } = dns2;

type Answer =
  | { type: 'SRV'; target: string; port: number; priority?: number; weight?: number }
  | { type: 'MX'; exchange: string; priority?: number }
  | { type: 'A'; address: string }
  | { type: 'AAAA'; address: string };

/** The zone a real DNS server on 127.0.0.1 answers from (name → records; other names: no data). */
const ZONE: Record<string, Answer[]> = {
  // Publishes its servers (RFC 6186), implicit TLS and STARTTLS, in priority/weight order.
  '_imaps._tcp.srv.example': [
    { type: 'SRV', target: 'backup-imap.srv.example', port: 993, priority: 20 },
    { type: 'SRV', target: 'imap.srv.example', port: 993, priority: 10, weight: 5 },
  ],
  '_imap._tcp.srv.example': [{ type: 'SRV', target: 'imap.srv.example', port: 143 }],
  '_submission._tcp.srv.example': [{ type: 'SRV', target: 'smtp.srv.example', port: 587 }],
  'imap.srv.example': [{ type: 'A', address: '93.184.215.14' }],
  'backup-imap.srv.example': [{ type: 'A', address: '93.184.215.15' }],
  'smtp.srv.example': [{ type: 'AAAA', address: '2606:4700::1111' }],
  // Its SRV records point into a private network.
  '_imaps._tcp.lan.example': [{ type: 'SRV', target: 'imap.lan.example', port: 993 }],
  'imap.lan.example': [{ type: 'A', address: '10.1.2.3' }],
  // Says it offers no IMAP with implicit TLS (target "."), but its mail is at Google.
  '_imaps._tcp.google-hosted.example': [{ type: 'SRV', target: '.', port: 0, priority: 0 }],
  'google-hosted.example': [
    { type: 'MX', exchange: 'aspmx.l.google.com', priority: 1 },
    { type: 'MX', exchange: 'alt1.aspmx.l.google.com', priority: 5 },
  ],
  'contoso.example': [{ type: 'MX', exchange: 'contoso-example.mail.protection.outlook.com', priority: 0 }],
  'own-mx.example': [{ type: 'MX', exchange: 'mail.own-mx.example', priority: 10 }],
};

const server = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0]!;
    const wanted = { [Packet.TYPE.SRV]: 'SRV', [Packet.TYPE.MX]: 'MX', [Packet.TYPE.A]: 'A', [Packet.TYPE.AAAA]: 'AAAA' }[question.type];
    for (const answer of ZONE[question.name.toLowerCase()] ?? []) {
      if (answer.type !== wanted) continue;
      const { type: _type, ...record } = answer;
      response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, priority: 10, weight: 0, ...record }));
    }
    send(response);
  },
});
await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
afterAll(() => server.close());
const dnsServer = `127.0.0.1:${server.addresses().udp!.port}`;

const lookup = async (app: Awaited<ReturnType<typeof createTestApp>>, cookie: string, email: string) => {
  const response = await app.request(`/api/accounts/mail-server-lookup?email=${encodeURIComponent(email)}`, { cookie });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/accounts/mail-server-lookup (open sign-up: private hosts refused)', async () => {
  const app = await createTestApp({ SIGNUP_MODE: 'open', MAIL_DNS_SERVERS: dnsServer });
  const { cookie } = await app.signUpAndIn('lookup@example.com');

  it('answers a known provider from the presets table, without DNS', async () => {
    expect(await lookup(app, cookie, 'Someone@Yahoo.co.uk')).toEqual({
      status: 200,
      body: {
        source: 'preset',
        presetId: 'yahoo',
        imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
        smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
        dnsUnavailable: false,
      },
    });
  });

  it("answers an unknown domain's SRV records, best first, implicit TLS before STARTTLS", async () => {
    expect((await lookup(app, cookie, 'me@srv.example')).body).toEqual({
      source: 'srv',
      presetId: null,
      imap: { host: 'imap.srv.example', port: 993, security: 'tls' },
      smtp: { host: 'smtp.srv.example', port: 587, security: 'starttls' },
      dnsUnavailable: false,
    });
  });

  it('never suggests a server that DNS puts on a private address', async () => {
    expect((await lookup(app, cookie, 'me@lan.example')).body).toEqual({
      source: 'none',
      presetId: null,
      imap: null,
      smtp: null,
      dnsUnavailable: false,
    });
  });

  it('falls back to the provider of the MX hosts (target "." = service not offered)', async () => {
    expect((await lookup(app, cookie, 'me@google-hosted.example')).body).toMatchObject({
      source: 'mx',
      presetId: 'gmail',
      imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
    });
    expect((await lookup(app, cookie, 'me@contoso.example')).body).toMatchObject({ source: 'mx', presetId: 'microsoft' });
  });

  it('answers nothing found for a domain with its own MX and no SRV records', async () => {
    expect((await lookup(app, cookie, 'me@own-mx.example')).body).toEqual({
      source: 'none',
      presetId: null,
      imap: null,
      smtp: null,
      dnsUnavailable: false,
    });
  });

  it('refuses what is not an address', async () => {
    expect((await lookup(app, cookie, 'not-an-address')).status).toBe(400);
  });
});

describe('GET /api/accounts/mail-server-lookup (waitlist: private hosts allowed)', async () => {
  const app = await createTestApp({ MAIL_DNS_SERVERS: dnsServer });
  const { cookie } = await app.signUpAndIn('lan@example.com');

  it('suggests the LAN server a domain publishes', async () => {
    expect((await lookup(app, cookie, 'me@lan.example')).body).toMatchObject({
      source: 'srv',
      imap: { host: 'imap.lan.example', port: 993, security: 'tls' },
    });
  });
});

describe('GET /api/accounts/mail-server-lookup when DNS cannot be reached', async () => {
  // Nothing listens there: every question is refused.
  const app = await createTestApp({ MAIL_DNS_SERVERS: `127.0.0.1:${await findFreePort()}` });
  const { cookie } = await app.signUpAndIn('offline@example.com');

  it('says so (the form tells the user to choose a provider or enter the server)', async () => {
    expect((await lookup(app, cookie, 'me@srv.example')).body).toEqual({
      source: 'none',
      presetId: null,
      imap: null,
      smtp: null,
      dnsUnavailable: true,
    });
  });

  it('still answers known providers from the table', async () => {
    expect((await lookup(app, cookie, 'me@icloud.com')).body).toMatchObject({ source: 'preset', presetId: 'icloud' });
  });
});

describe('GET /api/accounts/mail-server-lookup: DNS lookups are bounded per user', async () => {
  const app = await createTestApp({ MAIL_DNS_SERVERS: dnsServer });
  const ann = await app.signUpAndIn('lookup-ann@example.com');
  const ben = await app.signUpAndIn('lookup-ben@example.com');

  it(`answers ${MAIL_SERVER_LOOKUPS_PER_MINUTE} DNS lookups a minute, then 429 in words; the table and other users still answer`, async () => {
    for (let i = 0; i < MAIL_SERVER_LOOKUPS_PER_MINUTE; i++) expect((await lookup(app, ann.cookie, `me${i}@srv.example`)).status).toBe(200);
    const refused = await lookup(app, ann.cookie, 'me@srv.example');
    expect(refused).toEqual({ status: 429, body: { error: { code: 'RATE_LIMITED', message: PRESET_MESSAGES.rateLimited } } });
    expect((await lookup(app, ann.cookie, 'me@yahoo.com')).body).toMatchObject({ source: 'preset', presetId: 'yahoo' });
    expect((await lookup(app, ben.cookie, 'me@srv.example')).status).toBe(200);
  });
});
