import fs from 'node:fs';
import { EMAIL_MESSAGES, FILE_MESSAGES } from '@penman/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../mail/service.ts';
import { emailAccounts, emailMessageAttachments, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { markdownToPdf } from '../test-support/documents.ts';
import { type DovecotServer, startDovecot } from '../test-support/dovecot.ts';

/** "Add to library" on an attachment of sent mail, downloaded from a real IMAP mailbox (Dovecot). */
let dovecot: DovecotServer;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  dovecot = await startDovecot();
  t = await createTestApp({}, { workers: true, imapCa: fs.readFileSync(dovecot.caFile, 'utf8') });
}, 30_000);
afterAll(async () => {
  await dovecot?.stop();
});

const crlf = (text: string) => Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'latin1');
function sentMessage(n: number, filename: string, content: Buffer) {
  const base64 = content.toString('base64').replace(/.{76}/g, '$&\n');
  return crlf(
    [
      `Message-ID: <sent-${n}@shop.test>`,
      'From: Shop <shop@shop.test>',
      'To: customer@example.com',
      'Subject: Our claim form',
      'Date: Mon, 3 Mar 2025 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please fill in the attached form.',
      '--b1',
      `Content-Type: application/pdf; name="${filename}"`,
      `Content-Disposition: attachment; filename="${filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64,
      '--b1--',
      '',
    ].join('\n'),
  );
}

async function attachmentOf(accountId: string, messageId: string) {
  const [row] = await t.deps.db
    .select({ emailId: emails.id, attachmentId: emailMessageAttachments.id })
    .from(emails)
    .innerJoin(emailMessageAttachments, eq(emailMessageAttachments.emailId, emails.id))
    .where(and(eq(emails.emailAccountId, accountId), eq(emails.messageId, messageId)));
  return row!;
}

describe('Add to library from sent mail', () => {
  it('copies the attachment from the mailbox into the library; the same file again is "already exists"; another file of the name is refused', async () => {
    const owner = await t.signUpAndIn('library-owner@example.com');
    const other = await t.signUpAndIn('library-other@example.com');
    const form = await markdownToPdf('# Claim form\n\nYour name, your order number, and what went wrong with the tent pole.', 'Claim form');
    dovecot.addUser('shop', 'shop-pw');
    dovecot.seed('shop', 'Sent', [
      { raw: sentMessage(1, 'claim-form.pdf', form), date: new Date('2025-03-03T10:00:00Z') },
      {
        raw: sentMessage(2, 'claim-form.pdf', Buffer.from('%PDF-1.4 another file of the same name')),
        date: new Date('2025-03-04T10:00:00Z'),
      },
    ]);
    const [account] = await t.deps.db
      .insert(emailAccounts)
      .values({
        userId: owner.user.id,
        emailAddress: 'shop@shop.test',
        provider: 'exchange',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
        username: 'shop',
        encryptedPassword: t.deps.secretBox.encrypt('shop-pw'),
      })
      .returning();
    expect(await runSync(t.deps, { userId: owner.user.id, accountId: account!.id })).toMatchObject({ status: 'completed', stored: 2 });
    const first = await attachmentOf(account!.id, 'sent-1@shop.test');
    const path = `/api/emails/${first.emailId}/attachments/${first.attachmentId}/library`;

    const added = await t.request(path, { method: 'POST', cookie: owner.cookie, json: { categories: ['attachment', 'knowledge'] } });
    expect(added.status).toBe(200);
    const body = await added.json();
    expect(body).toMatchObject({ created: true, message: FILE_MESSAGES.uploadedAs(['knowledge', 'attachment']) });
    const stored = body.files.find((f: { source: string }) => f.source === 'attachment');
    expect(stored).toMatchObject({ filename: 'claim-form.pdf', emailAccountId: account!.id, fileSize: form.length, autoAttach: false });
    const content = await t.request(`/api/attachments/${stored.id}/content`, { cookie: owner.cookie });
    expect(Buffer.from(await content.arrayBuffer()).equals(form)).toBe(true);

    const again = await t.request(path, { method: 'POST', cookie: owner.cookie, json: { categories: ['attachment'] } });
    expect(await again.json()).toMatchObject({
      created: false,
      message: FILE_MESSAGES.alreadyExistsAs('attachment'),
      files: [{ id: stored.id }],
    });

    const second = await attachmentOf(account!.id, 'sent-2@shop.test');
    const clash = await t.request(`/api/emails/${second.emailId}/attachments/${second.attachmentId}/library`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { categories: ['attachment'] },
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.message).toBe(FILE_MESSAGES.duplicate('attachment', 'claim-form.pdf'));

    // Another user, and an attachment id of another email, are not found.
    expect((await t.request(path, { method: 'POST', cookie: other.cookie, json: { categories: ['attachment'] } })).status).toBe(404);
    const mixed = await t.request(`/api/emails/${first.emailId}/attachments/${second.attachmentId}/library`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { categories: ['attachment'] },
    });
    expect(mixed.status).toBe(404);
    expect((await mixed.json()).error.message).toBe(EMAIL_MESSAGES.attachmentNotFound);
  });
});
