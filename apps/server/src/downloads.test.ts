import { describe, expect, it } from 'vitest';
import { composeDraftForEmail } from './drafts/service.ts';
import { toMbox } from './mail/connectors/mbox/fixtures.ts';
import { runSync } from './mail/service.ts';
import { createTestApp } from './test-support/app.ts';
import { personalMail } from './test-support/drafting.ts';

/**
 * Every answer that hands over stored or mail bytes (uploaded files, "Show original", a reply as
 * .eml, the data export) is served from Penman's origin: each carries a sandboxing policy, so a
 * stored HTML or SVG file opened as a page runs nothing as Penman, and a file declared as a
 * script is served as bytes. The coverage test fails when a route answering with anything but
 * JSON is not listed here.
 */
const t = await createTestApp();
const { user, cookie } = await t.signUpAndIn('downloads@example.com');

const ADDRESS = 'downloads@example.com';
const mbox = toMbox([
  personalMail({
    from: 'Mallory <mallory@client.test>',
    to: ADDRESS,
    subject: 'Could you open this?',
    body: '<html><script>alert(document.cookie)</script></html>\nWill you come on Friday?',
    messageId: 'downloads-1@client.test',
  }),
]);

async function importMailbox() {
  const form = new FormData();
  form.set('emailAddress', ADDRESS);
  form.set('file', new Blob([mbox]), 'mail.mbox');
  const response = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
  expect(response.status).toBe(201);
  const { account } = await response.json();
  expect(await runSync(t.deps, { userId: user.id, accountId: account.id })).toMatchObject({ status: 'completed', stored: 1 });
  return account.id as string;
}

async function uploadFile(accountId: string, categories: string, file: Blob, filename: string) {
  const form = new FormData();
  form.set('categories', categories);
  form.set('file', file, filename);
  const response = await t.request(`/api/accounts/${accountId}/files`, { method: 'POST', cookie, body: form });
  expect(response.status).toBe(201);
  return (await response.json()).files[0].id as string;
}

const accountId = await importMailbox();
const { emails } = await (await t.request('/api/emails', { cookie })).json();
const emailId = emails[0].id as string;
const { draftId } = await composeDraftForEmail({ db: t.deps.db, userId: user.id, emailId });
const page = new Blob(['<html><body><script>fetch("/api/settings/export")</script></body></html>'], { type: 'text/html' });
const knowledgeId = await uploadFile(accountId, 'knowledge', new Blob(['Opening hours: 9 to 5.'], { type: 'text/plain' }), 'hours.txt');
const attachmentId = await uploadFile(accountId, 'attachment', page, 'page.html');
const scriptId = await uploadFile(accountId, 'attachment', new Blob(['alert(1)'], { type: 'text/javascript' }), 'widget.js');

/** Each route answering with stored or mail bytes, and the path of one of its downloads. */
const downloads: Record<string, string> = {
  'GET /api/emails/{id}/original.eml': `/api/emails/${emailId}/original.eml`,
  'GET /api/drafts/{id}/eml': `/api/drafts/${draftId}/eml`,
  'GET /api/knowledge-documents/{id}/content': `/api/knowledge-documents/${knowledgeId}/content`,
  'GET /api/attachments/{id}/content': `/api/attachments/${attachmentId}/content`,
  'GET /api/settings/export': '/api/settings/export',
};

describe('downloads of stored and mail bytes', () => {
  it.each(Object.entries(downloads))('%s is a sandboxed attachment, never cached', async (_route, path) => {
    const response = await t.request(path, { cookie });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy.split(';').map((directive) => directive.trim())).toContain('sandbox');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a stored file declared as a script is served as bytes (nosniff then never runs it)', async () => {
    const response = await t.request(`/api/attachments/${scriptId}/content`, { cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('alert(1)');
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('other answers keep the app policy', async () => {
    const response = await t.request('/api/emails', { cookie });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('sandbox');
  });

  it('covers every route that answers with anything but JSON', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>)
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => Object.keys(operation.responses?.['200']?.content ?? {}).some((type) => type !== 'application/json'))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(routes).toEqual(Object.keys(downloads).sort());
  });
});
