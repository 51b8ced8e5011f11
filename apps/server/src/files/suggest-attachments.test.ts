import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailMessageAttachments, emails, type NewEmailRow } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { markdownToPdf } from '../test-support/documents.ts';
import { KNOWLEDGE_FIXTURES } from './knowledge-quality.ts';
import { suggestAttachments } from './service.ts';

const t = await createTestApp({}, { workers: true });
const { cookie, user } = await t.signUpAndIn('suggest@example.com');
const other = await t.signUpAndIn('suggest-other@example.com');
const accountId = await t.insertEmailAccount(user.id, 'shop@tarnside.example');
const otherAccountId = await t.insertEmailAccount(other.user.id, 'shop@elsewhere.example');
const db = t.deps.db;

async function upload(as: { cookie: string }, account: string, filename: string, bytes: Uint8Array, categories: string) {
  const form = new FormData();
  form.set('categories', categories);
  form.set('file', new Blob([bytes]), filename);
  const response = await t.request(`/api/accounts/${account}/files`, { method: 'POST', cookie: as.cookie, body: form });
  if (response.status !== 201) throw new Error(`upload ${filename}: ${response.status}`);
  return (await response.json()).files as { id: string; source: string }[];
}

const priceList = fs.readFileSync(path.join(KNOWLEDGE_FIXTURES, 'price-list.md'), 'utf8');
const form = (title: string) => markdownToPdf(`# ${title}\n\nName, order number, and what happened.`, title);
// The price list is a knowledge document and an attachment; the forms and the brochure attachments only.
await upload({ cookie }, accountId, 'tarnside-prices.pdf', await markdownToPdf(priceList, 'Prices'), 'knowledge,attachment');
await upload({ cookie }, accountId, 'returns-form.pdf', await form('Returns form'), 'attachment');
const [claimForm] = await upload({ cookie }, accountId, 'claim-form-2025.pdf', await form('Claim form'), 'attachment');
await upload({ cookie }, accountId, 'autumn-brochure.pdf', await form('Autumn brochure'), 'attachment');
await upload(other, otherAccountId, 'claim-form-2025.pdf', await form('Claim form'), 'attachment');
for (let waited = 0; ; waited += 100) {
  const { rows } = await t.database.pool.query(
    `select count(*)::int as n from knowledge_documents where status in ('uploaded', 'processing')`,
  );
  if (rows[0].n === 0) break;
  if (waited > 30_000) throw new Error('documents not processed');
  await new Promise((r) => setTimeout(r, 100));
}

let key = 0;
async function storeEmail(userId: string, emailAccountId: string, values: Partial<NewEmailRow>, attachments: string[] = []) {
  const [row] = await db
    .insert(emails)
    .values({ userId, emailAccountId, messageKey: `m${key++}@test`, receivedDate: new Date(Date.UTC(2025, 0, 1 + key)), ...values })
    .returning({ id: emails.id });
  if (attachments.length)
    await db
      .insert(emailMessageAttachments)
      .values(attachments.map((filename) => ({ userId, emailAccountId, emailId: row!.id, filename, disposition: 'attachment' })));
  return row!.id;
}

// History: the user answered two customers whose tent poles broke with the claim form (named as the
// mail client saved it); an unrelated reply carried the brochure.
for (const [n, body] of [
  'The pole of my tent snapped in the wind on the first night.',
  'A tent pole broke when we pitched it. Can I claim?',
].entries()) {
  await storeEmail(user.id, accountId, { messageId: `pole-${n}@customer.example`, subject: 'Broken tent pole', bodyText: body });
  await storeEmail(
    user.id,
    accountId,
    {
      isOutgoing: true,
      hasAttachments: true,
      inReplyTo: `pole-${n}@customer.example`,
      subject: 'Re: Broken tent pole',
      bodyText: 'Sorry to hear it: please fill in the attached form.',
    },
    ['Claim-Form-2025.PDF'],
  );
}
await storeEmail(user.id, accountId, {
  messageId: 'events@customer.example',
  subject: 'Any events this autumn?',
  bodyText: 'Do you run talks?',
});
await storeEmail(
  user.id,
  accountId,
  {
    isOutgoing: true,
    hasAttachments: true,
    inReplyTo: 'events@customer.example',
    subject: 'Re: Any events',
    bodyText: 'Here is our programme.',
  },
  ['autumn-brochure.pdf'],
);

const suggest = (subject: string, bodyText: string) =>
  suggestAttachments({ db, userId: user.id, accountId, email: { subject, bodyText }, k: 3 });

describe('suggestAttachments: library files that fit an incoming email', () => {
  it('suggests the file the user attached when replying to similar mail, named differently, with auto_attach', async () => {
    const suggestions = await suggest('Snapped pole', 'Hello, one of the poles of my tent snapped last weekend. What do I do?');
    expect(suggestions[0]).toMatchObject({ file: { id: claimForm!.id, filename: 'claim-form-2025.pdf', autoAttach: false } });
    expect(suggestions[0]!.reasons).toContain('history');
    expect(suggestions.map((s) => s.file.filename)).not.toContain('autumn-brochure.pdf');
  });

  it('suggests a file by its text when it is also a knowledge document', async () => {
    const suggestions = await suggest('Prices', 'How much is a two person Haystacks and do you sell gas canisters?');
    expect(suggestions[0]).toMatchObject({ file: { filename: 'tarnside-prices.pdf', source: 'attachment' } });
    expect(suggestions[0]!.reasons).toContain('content');
  });

  it('suggests a file by its name', async () => {
    const suggestions = await suggest('Sending boots back', 'Do you have a form for returns? The boots are too small.');
    expect(suggestions[0]).toMatchObject({ file: { filename: 'returns-form.pdf' }, reasons: ['name'] });
  });

  it('suggests nothing for mail nothing in the library fits', async () => {
    const suggestions = await suggest('Lunch', 'Are you free for lunch on Friday?');
    expect(suggestions.map((s) => [s.file.filename, s.score, s.reasons])).toEqual([]);
  });

  it("answers for a stored email through its route, the file's auto_attach included, and not for another user's email", async () => {
    await t.request(`/api/attachments/${claimForm!.id}`, { method: 'PATCH', cookie, json: { autoAttach: true } });
    const emailId = await storeEmail(user.id, accountId, { subject: 'Tent pole', bodyText: 'My tent pole snapped, can I claim?' });
    const response = await t.request(`/api/emails/${emailId}/suggested-attachments?k=2`, { cookie });
    expect(response.status).toBe(200);
    const { suggestions } = await response.json();
    expect(suggestions[0]).toMatchObject({ file: { filename: 'claim-form-2025.pdf', autoAttach: true } });
    expect(suggestions.length).toBeLessThanOrEqual(2);
    expect((await t.request(`/api/emails/${emailId}/suggested-attachments`, { cookie: other.cookie })).status).toBe(404);
  });
});
