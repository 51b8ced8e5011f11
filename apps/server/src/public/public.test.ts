import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lt } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages, rateLimits, waitlist } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { countSubmission, SUBMISSION_LIMITS, sendContactMessage } from './service.ts';

/** A form-collection endpoint on 127.0.0.1 that records what it receives and answers `status`. */
async function startForwardEndpoint() {
  const received: { headers: http.IncomingHttpHeaders; form: Record<string, string> }[] = [];
  const state = { status: 200, hang: false };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const parsed = await new Request('http://endpoint/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    received.push({ headers: request.headers, form: Object.fromEntries([...parsed.entries()].map(([k, v]) => [k, String(v)])) });
    if (state.hang) return; // never answers
    response.writeHead(state.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: state.status < 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/f/penman`;
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url, received, state };
}

/** An address where nothing listens. */
async function closedPortUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/f/penman`;
}

const endpoint = await startForwardEndpoint();
const t = await createTestApp({ CONTACT_FORWARD_URL: endpoint.url });
const db = t.deps.db;

let nextIp = 1;
/** A fresh client address, so one test's submissions never count against another's limit. */
const freshIp = () => `192.0.2.${nextIp++}`;

const joiner = { name: 'Ada Lovelace', email: '  Ada@Example.COM ', howHeard: 'friend' };
const contact = { name: 'Grace Hopper', email: 'Grace@Example.com', subject: 'Pricing', message: 'Hello,\nhow much is it?' };

describe('POST /api/waitlist', () => {
  it('adds the visitor with the email trimmed and lower-cased, and counts them', async () => {
    const before = await (await t.request('/api/waitlist/count')).json();
    const response = await t.request('/api/waitlist', { method: 'POST', json: joiner, ip: '198.51.100.1' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ joined: true });
    const rows = await db.select().from(waitlist);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Ada Lovelace', email: 'ada@example.com', howHeard: 'friend', ip: '198.51.100.1' }),
    ]);
    expect(await (await t.request('/api/waitlist/count')).json()).toEqual({ count: before.count + 1 });
  });

  it('answers a duplicate email, whatever its case, with the field message', async () => {
    const response = await t.request('/api/waitlist', {
      method: 'POST',
      json: { ...joiner, email: 'ADA@example.com' },
      ip: '198.51.100.2',
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'This email is already on the waitlist',
        fields: { email: 'This email is already on the waitlist' },
      },
    });
  });

  it('accepts a submission without how-heard (optional in the schema)', async () => {
    const response = await t.request('/api/waitlist', {
      method: 'POST',
      json: { name: 'Alan', email: 'alan@example.com' },
      ip: '198.51.100.3',
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ['a blank name', { ...joiner, name: ' ' }, 'name', 'Name is required'],
    ['a name over 100', { ...joiner, name: 'x'.repeat(101) }, 'name', 'Name is too long'],
    ['a malformed email', { ...joiner, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an email over 254', { ...joiner, email: `${'x'.repeat(250)}@example.com` }, 'email', 'Email is too long'],
    ['an unknown how-heard', { ...joiner, howHeard: 'carrier-pigeon' }, 'howHeard', expect.any(String)],
  ])('refuses %s with a message on the field', async (_case, body, field, message) => {
    const response = await t.request('/api/waitlist', { method: 'POST', json: body, ip: freshIp() });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('VALIDATION');
    expect(error.fields[field]).toEqual(message);
  });

  it('limits each address to 5 submissions in 10 minutes, counting refused ones too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.request('/api/waitlist', { method: 'POST', json: { name: 'Spam', email: 'bad' }, ip: '203.0.113.9' });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const limited = await t.request('/api/waitlist', { method: 'POST', json: joiner, ip: '203.0.113.9' });
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    const other = await t.request('/api/waitlist', { method: 'POST', json: { ...joiner, email: 'bob@example.com' }, ip: '203.0.113.10' });
    expect(other.status).toBe(201);
  });

  it('opens a new window once the old one has passed', async () => {
    const { max, windowMs } = SUBMISSION_LIMITS.waitlist;
    const start = Date.now();
    for (let i = 0; i < max; i++) await countSubmission({ db, kind: 'waitlist', ip: '203.0.113.20', now: start });
    await expect(countSubmission({ db, kind: 'waitlist', ip: '203.0.113.20', now: start + 1000 })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    await expect(countSubmission({ db, kind: 'waitlist', ip: '203.0.113.20', now: start + windowMs + 1 })).resolves.toBeUndefined();
    // The contact form has its own count.
    await expect(countSubmission({ db, kind: 'contact', ip: '203.0.113.20', now: start })).resolves.toBeUndefined();
  });

  it('keeps its count when better-auth prunes its own rate-limit rows (older than its one-minute window)', async () => {
    const { max } = SUBMISSION_LIMITS.waitlist;
    const fiveMinutesAgo = Date.now() - 5 * 60_000;
    for (let i = 0; i < max; i++) await countSubmission({ db, kind: 'waitlist', ip: '203.0.113.30', now: fiveMinutesAgo });
    // What better-auth's limiter runs whenever one of its windows rolls over.
    await db.delete(rateLimits).where(lt(rateLimits.lastRequest, Date.now() - 60_000));
    const response = await t.request('/api/waitlist', {
      method: 'POST',
      json: { ...joiner, email: 'eve@example.com' },
      ip: '203.0.113.30',
    });
    expect(response.status).toBe(429);
  });
});

describe('POST /api/contact', () => {
  it('stores the message, then forwards it as a multipart form asking for JSON', async () => {
    endpoint.state.status = 200;
    const response = await t.request('/api/contact', { method: 'POST', json: contact, ip: '198.51.100.20' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    const last = endpoint.received.at(-1)!;
    expect(last.headers.accept).toBe('application/json');
    expect(last.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Multipart form encoding turns line breaks into CRLF, as a browser's form post does.
    expect(last.form).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Pricing',
      message: 'Hello,\r\nhow much is it?',
    });
    const [row] = await db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', ip: '198.51.100.20', forwardError: null });
    expect(row?.forwardedAt).toBeInstanceOf(Date);
  });

  it('keeps the message and answers success when the endpoint fails', async () => {
    endpoint.state.status = 500;
    const response = await t.request('/api/contact', {
      method: 'POST',
      json: { ...contact, subject: 'Endpoint fails' },
      ip: '198.51.100.21',
    });
    expect(response.status).toBe(201);
    const [row] = (await db.select().from(contactMessages)).filter((r) => r.subject === 'Endpoint fails');
    expect(row).toMatchObject({ forwardedAt: null, forwardError: 'HTTP 500 Internal Server Error' });
    endpoint.state.status = 200;
  });

  it('keeps the message when the endpoint is down', async () => {
    const down = await createTestApp({ CONTACT_FORWARD_URL: await closedPortUrl() });
    const response = await down.request('/api/contact', { method: 'POST', json: contact });
    expect(response.status).toBe(201);
    const [row] = await down.deps.db.select().from(contactMessages);
    expect(row?.forwardedAt).toBeNull();
    expect(row?.forwardError).toMatch(/fetch failed.*ECONNREFUSED/);
  });

  it('gives up on an endpoint that never answers, keeping the message', async () => {
    endpoint.state.hang = true;
    try {
      await sendContactMessage({
        db,
        input: { ...contact, subject: 'Hangs' },
        ip: '198.51.100.22',
        forwardUrl: endpoint.url,
        forwardTimeoutMs: 200,
      });
    } finally {
      endpoint.state.hang = false;
    }
    const [row] = (await db.select().from(contactMessages)).filter((r) => r.subject === 'Hangs');
    expect(row?.forwardError).toMatch(/timeout/i);
  });

  it('stores without forwarding when no endpoint is configured', async () => {
    const plain = await createTestApp();
    expect((await plain.request('/api/contact', { method: 'POST', json: contact })).status).toBe(201);
    const [row] = await plain.deps.db.select().from(contactMessages);
    expect(row).toMatchObject({ forwardedAt: null, forwardError: null });
  });

  it.each([
    ['no name', { ...contact, name: '' }, 'name', 'Name is required'],
    ['a name over 100', { ...contact, name: 'n'.repeat(101) }, 'name', 'Name is too long'],
    ['a malformed email', { ...contact, email: 'nope' }, 'email', 'Please enter a valid email address'],
    ['a blank subject', { ...contact, subject: '  ' }, 'subject', 'Subject is required'],
    ['a subject over 200', { ...contact, subject: 's'.repeat(201) }, 'subject', 'Subject is too long'],
    ['no message', { ...contact, message: '' }, 'message', 'Message is required'],
    ['a message over 2000', { ...contact, message: 'm'.repeat(2001) }, 'message', 'Message is too long'],
  ])('refuses %s with the spec message', async (_case, body, field, message) => {
    const response = await t.request('/api/contact', { method: 'POST', json: body, ip: freshIp() });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields[field]).toBe(message);
  });

  it('limits each address to 5 messages in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.request('/api/contact', { method: 'POST', json: { ...contact, subject: `n${i}` }, ip: '203.0.113.30' })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('OpenAPI', () => {
  it('documents the public routes', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/waitlist', '/api/waitlist/count', '/api/contact']));
  });
});
