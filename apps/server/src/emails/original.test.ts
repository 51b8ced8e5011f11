import fs from 'node:fs';
import { Readable } from 'node:stream';
import { EMAIL_MESSAGES } from '@penman/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMailboxSecret, runSync } from '../mail/service.ts';
import { emailAccounts, emails } from '../platform/db/schema/index.ts';
import { createTestApp } from '../test-support/app.ts';
import { type DovecotServer, startDovecot } from '../test-support/dovecot.ts';

/**
 * "Show original" and the emails API's Message-ID, parse problems and "date unknown", on mail
 * really downloaded: from Dovecot over IMAP and from an imported mbox file.
 */
let dovecot: DovecotServer;
beforeAll(async () => {
  dovecot = await startDovecot();
}, 30_000);
afterAll(async () => {
  await dovecot?.stop();
});

// The CA is only known once Dovecot runs: the app is made in the first test that needs it.
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Awaited<ReturnType<typeof t.signUpAndIn>>;
let other: Awaited<ReturnType<typeof t.signUpAndIn>>;

const crlf = (text: string) => Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'latin1');
// A Latin-1 byte inside an encoded-word and in a raw header, an address comment, no Date header.
const ORIGINAL = crlf(
  [
    'Message-ID: <original-1@penman.test>',
    'From: Pete(A wonderful chap) <pete(his account)@silly.test(his host)>',
    'To: owner@penman.test',
    'Subject: =?iso-8859-1?Q?Fr\xf6sche?= im Teich',
    'X-Note: caf\xe9',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=X-UNKNOWN',
    '',
    utf8AsLatin1('Envoyé depuis mon jardin.'),
    '',
  ].join('\n'),
);
function utf8AsLatin1(text: string) {
  return Buffer.from(text, 'utf8').toString('latin1');
}

async function emailIdOf(accountId: string) {
  const [row] = await t.deps.db.select({ id: emails.id }).from(emails).where(eq(emails.emailAccountId, accountId));
  return row!.id;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('Show original from an IMAP mailbox', () => {
  let accountId: string;
  let emailId: string;

  it('stores the message with its Message-ID, parse problems and "date unknown" in the emails API', async () => {
    t = await createTestApp({}, { imapCa: fs.readFileSync(dovecot.caFile, 'utf8') });
    owner = await t.signUpAndIn('original-owner@example.com');
    other = await t.signUpAndIn('original-other@example.com');
    dovecot.addUser('pete', 'pete-pw');
    dovecot.seed('pete', 'INBOX', [{ raw: ORIGINAL, date: new Date('2024-03-01T10:00:00Z') }]);
    const [account] = await t.deps.db
      .insert(emailAccounts)
      .values({
        userId: owner.user.id,
        emailAddress: 'owner@penman.test',
        provider: 'exchange',
        serverUrl: 'localhost',
        port: dovecot.imapPort,
        username: 'pete',
        encryptedPassword: t.deps.secretBox.encrypt('pete-pw'),
      })
      .returning();
    accountId = account!.id;
    expect(await runSync(t.deps, { userId: owner.user.id, accountId })).toMatchObject({ status: 'completed', stored: 1 });
    emailId = await emailIdOf(accountId);

    const response = await t.request(`/api/emails/${emailId}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const { email } = await response.json();
    expect(email).toMatchObject({
      messageId: 'original-1@penman.test',
      subject: 'Frösche im Teich',
      senderEmail: 'pete@silly.test',
      senderName: 'Pete',
      bodyText: 'Envoyé depuis mon jardin.\n',
      dateUnknown: true,
      // The mailbox's date (INTERNALDATE) stands in for the missing Date header.
      receivedDate: '2024-03-01T10:00:00.000Z',
    });
    expect(email.parseProblems).toEqual([
      'Body charset: declared x-unknown, bytes are UTF-8; read as utf-8',
      'No Date header: date unknown',
    ]);
  });

  it('lists every header field, decoded, fetched from the mailbox', async () => {
    const response = await t.request(`/api/emails/${emailId}/original`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).headers).toEqual([
      { name: 'Message-ID', value: '<original-1@penman.test>' },
      { name: 'From', value: 'Pete(A wonderful chap) <pete(his account)@silly.test(his host)>' },
      { name: 'To', value: 'owner@penman.test' },
      { name: 'Subject', value: 'Frösche im Teich' },
      { name: 'X-Note', value: 'café' },
      { name: 'MIME-Version', value: '1.0' },
      { name: 'Content-Type', value: 'text/plain; charset=X-UNKNOWN' },
    ]);
  });

  it('streams the raw message as a .eml download, byte for byte', async () => {
    const response = await t.request(`/api/emails/${emailId}/original.eml`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('message/rfc822');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''Fr%C3%B6sche%20im%20Teich.eml`);
    expect((await bytesOf(response)).equals(ORIGINAL)).toBe(true);
  });

  it("answers 404 for another user's email, as for one that does not exist", async () => {
    for (const path of ['original', 'original.eml']) {
      const theirs = await t.request(`/api/emails/${emailId}/${path}`, { cookie: other.cookie });
      expect(theirs.status).toBe(404);
      expect((await theirs.json()).error.message).toBe('Email not found');
    }
  });

  it('answers 404 when the message is no longer in the mailbox', async () => {
    const cur = `${dovecot.homeOf('pete')}/Maildir/cur`;
    for (const file of fs.readdirSync(cur)) fs.rmSync(`${cur}/${file}`);
    const response = await t.request(`/api/emails/${emailId}/original.eml`, { cookie: owner.cookie });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe(EMAIL_MESSAGES.originalNotFound);
  });
});

describe('Show original from an imported mbox file', () => {
  it('streams the message from the file, its From_ escaping undone', async () => {
    const body = 'First line\n>From the archive, a quoted line\nLast line\n';
    const message = `Message-ID: <mbox-1@penman.test>\nFrom: a@penman.test\nDate: Tue, 1 Oct 2024 10:00:00 +0000\nSubject: In a file\n\n${body}`;
    const mbox = `From a@penman.test Tue Oct  1 10:00:00 2024\n${message.replace(/^>From /m, '>>From ')}\nFrom b@penman.test Tue Oct  1 11:00:00 2024\nMessage-ID: <mbox-2@penman.test>\nFrom: b@penman.test\nSubject: Second\n\nbye\n`;
    const key = `imports/${owner.user.id}/mail.mbox`;
    await t.deps.storage.saveStream(key, Readable.from([Buffer.from(mbox)]));
    const [account] = await t.deps.db
      .insert(emailAccounts)
      .values({
        userId: owner.user.id,
        emailAddress: 'importer@penman.test',
        provider: 'mbox',
        encryptedPassword: t.deps.secretBox.encrypt(encodeMailboxSecret({ key })),
      })
      .returning();
    expect(await runSync(t.deps, { userId: owner.user.id, accountId: account!.id })).toMatchObject({ status: 'completed', stored: 2 });
    const [row] = await t.deps.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.emailAccountId, account!.id), eq(emails.messageKey, 'mbox-1@penman.test')));
    const response = await t.request(`/api/emails/${row!.id}/original.eml`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect((await bytesOf(response)).toString()).toBe(message);
    const headers = await t.request(`/api/emails/${row!.id}/original`, { cookie: owner.cookie });
    expect((await headers.json()).headers).toContainEqual({ name: 'Subject', value: 'In a file' });
  });
});
