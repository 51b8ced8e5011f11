import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectorFactory } from '../mail/connectors/index.ts';
import { asStoredInMbox, compressibleMessage, toMbox, writeZip } from '../mail/connectors/mbox/fixtures.ts';
import { encodeMailboxSecret } from '../mail/connectors/mbox/mbox-connector.ts';
import type { MailConnector } from '../mail/connectors/types.ts';
import { parseMessage } from '../mail/engine/parse-message.ts';
import { parseInline } from '../mail/parse-messages.ts';
import { runSync } from '../mail/service.ts';
import { SYNC_BATCH_BYTES, SYNC_BATCH_SIZE, syncAccount } from '../mail/sync.ts';
import {
  activityEvents,
  emailAccounts,
  emailMessageAttachments,
  emailSearch,
  emailSearchQueue,
  emails,
} from '../platform/db/schema/index.ts';
import { createLocalStorage } from '../platform/storage.ts';
import { createTestApp } from '../test-support/app.ts';
import { CORPUS_DIR, enronFolder, listFiles } from '../test-support/corpus.ts';
import { IMPORT_MESSAGES, removeImportedMailbox } from './import-service.ts';

// A small global body limit: the import route must not be held to it.
const t = await createTestApp({ BODY_LIMIT_BYTES: String(256 * 1024) }, { workers: true });
const { cookie, user } = await t.signUpAndIn('phillip@example.com');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penman-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PHILLIP = 'phillip.allen@enron.com';
const read = (file: string) => fs.readFileSync(file);
const fromHeader = (raw: Buffer) =>
  /^From:\s*(.*)$/im
    .exec(raw.toString('latin1').split(/\r?\n\r?\n/)[0]!)?.[1]
    ?.trim()
    .toLowerCase();

async function importFile(file: Blob, name: string, fields: Record<string, string>, who = cookie) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', file, name);
  return t.request('/api/accounts/import', { method: 'POST', cookie: who, body: form });
}

async function waitForInitialization(id: string, who = cookie, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { account } = await (await t.request(`/api/accounts/${id}`, { cookie: who })).json();
    if (account.initializationStatus !== 'initializing' || Date.now() > deadline) return account;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function storedRows(accountId: string) {
  return t.deps.db
    .select({
      sender: emails.senderEmail,
      folder: emails.folderName,
      outgoing: emails.isOutgoing,
      problem: emails.parseProblem,
      subject: emails.subject,
      size: emails.sizeBytes,
      body: emails.bodyText,
    })
    .from(emails)
    .where(eq(emails.emailAccountId, accountId));
}

/**
 * The zip with `name`'s uncompressed size set to `size` in its local header and the central
 * directory (what a zip of a message that large says, without its gigabytes).
 */
function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let at = patched.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1')); at >= 0; ) {
    const nameLength = patched.readUInt16LE(at + 28);
    if (patched.subarray(at + 46, at + 46 + nameLength).toString('latin1') === name) {
      patched.writeUInt32LE(size, at + 24);
      patched.writeUInt32LE(size, patched.readUInt32LE(at + 42) + 22);
      return patched;
    }
    at = at === 0 ? -1 : patched.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'), at - 1);
  }
  throw new Error(`${name} is not in the zip`);
}

const importsDir = () => path.join(t.env.dataDir, 'imports');
const filesUnder = (folder: string) => (fs.existsSync(folder) ? listFiles(folder) : []);

describe('POST /api/accounts/import', () => {
  const allenRaws = [...enronFolder('allen-p', 'inbox'), ...enronFolder('allen-p', 'sent')].map(read);
  const sentByPhillip = allenRaws.filter((raw) => fromHeader(raw) === PHILLIP).length;

  it('imports an mbox through a streamed upload, initializes it, and tells sent from received by From', async () => {
    const mbox = toMbox(allenRaws);
    // Larger than BODY_LIMIT_BYTES: this route has its own limit.
    expect(mbox.length).toBeGreaterThan(t.env.BODY_LIMIT_BYTES);
    const response = await importFile(new Blob([mbox]), 'allen-p (Takeout).mbox', {
      emailAddress: 'Phillip.Allen@Enron.com',
      displayName: 'Phillip, archive',
    });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    expect(account).toMatchObject({
      provider: 'mbox',
      emailAddress: PHILLIP,
      displayName: 'Phillip, archive',
      serverUrl: null,
      initializationStatus: 'initializing',
      lastInitStep: 'download',
    });

    // The file sits under DATA_DIR/imports/<user>/<account>/; the account's secret holds its storage
    // key, never a path on this machine.
    const stored = path.join(importsDir(), user.id, account.id, 'allen-p_Takeout_.mbox');
    expect(fs.readFileSync(stored).equals(mbox)).toBe(true);
    const [row] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(JSON.parse(t.deps.secretBox.decrypt(row!.encryptedPassword!))).toEqual({
      key: `imports/${user.id}/${account.id}/allen-p_Takeout_.mbox`,
    });
    const [activity] = await t.deps.db.select().from(activityEvents).where(eq(activityEvents.emailAccountId, account.id));
    expect(activity).toMatchObject({ kind: 'account.connected', detail: { emailAddress: PHILLIP, format: 'mbox' } });

    const done = await waitForInitialization(account.id);
    expect(done).toMatchObject({ initializationStatus: 'completed', syncState: 'completed', emailsDownloadedCount: allenRaws.length });
    expect(done.outgoingEmailsCount).toBe(sentByPhillip);
    const rows = await storedRows(account.id);
    expect(rows).toHaveLength(allenRaws.length);
    // Sent mail by its From: the file files nothing as sent (no Takeout labels), so all of it is in INBOX.
    for (const r of rows) {
      expect(r.outgoing).toBe(r.sender === PHILLIP);
      expect(r.folder).toBe('INBOX');
    }
    // Each message is stored as the parser makes it of the whole message: no limit touches ordinary mail.
    const parsed = new Map((await Promise.all(allenRaws.map((raw) => parseMessage(asStoredInMbox(raw))))).map((p) => [p.messageKey, p]));
    const storedMessages = await t.deps.db
      .select({
        key: emails.messageKey,
        hash: emails.contentHash,
        size: emails.sizeBytes,
        text: emails.bodyText,
        problem: emails.parseProblem,
      })
      .from(emails)
      .where(eq(emails.emailAccountId, account.id));
    for (const row of storedMessages) {
      const expected = parsed.get(row.key)!;
      expect(row).toEqual({
        key: expected.messageKey,
        hash: expected.contentHash,
        size: expected.sizeBytes,
        text: expected.bodyText,
        problem: expected.parseProblem,
      });
    }

    // The search indexer, enqueued by the download, makes every message searchable by its body.
    const indexed = async () =>
      (await t.deps.db.select({ n: count() }).from(emailSearch).where(eq(emailSearch.emailAccountId, account.id)))[0]!.n;
    const deadline = Date.now() + 60_000;
    while ((await indexed()) < allenRaws.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await indexed()).toBe(allenRaws.length);
    expect(await t.deps.db.select().from(emailSearchQueue)).toEqual([]);

    // A second sync finds nothing new (and does not even scan: the file is unchanged).
    const again = await runSync(t.deps, { userId: user.id, accountId: account.id });
    expect(again).toMatchObject({ status: 'completed', stored: 0 });
    expect(await storedRows(account.id)).toHaveLength(allenRaws.length);

    // The same address twice is refused, like an IMAP account, and leaves no file behind.
    const twice = await importFile(new Blob([mbox]), 'again.mbox', { emailAddress: PHILLIP });
    expect(twice.status).toBe(409);
    expect(filesUnder(path.join(importsDir(), user.id))).toEqual([stored]);
  });

  it('imports a zip of .eml files the same way', async () => {
    // Another user: Phillip's address is taken in the first account.
    const other = await t.signUpAndIn('phillip-zip@example.com');
    const raws = [...enronFolder('allen-p', 'inbox'), ...enronFolder('allen-p', '_sent_mail').slice(0, 200)].map(read);
    const file = path.join(dir, 'allen-p.zip');
    await writeZip(file, [
      ...raws.map((data, i) => ({ name: `export/${String(i).padStart(4, '0')}.eml`, data })),
      { name: 'export/index.html', data: Buffer.from('<html></html>') },
    ]);
    const distinctIds = new Set(raws.map((raw) => /^Message-ID:\s*(\S+)/im.exec(raw.toString('latin1'))![1])).size;
    const response = await importFile(await fs.openAsBlob(file), 'allen-p.zip', { emailAddress: PHILLIP }, other.cookie);
    expect(response.status).toBe(201);
    const { account } = await response.json();
    const done = await waitForInitialization(account.id, other.cookie);
    expect(done).toMatchObject({ initializationStatus: 'completed', emailsDownloadedCount: distinctIds });
    const rows = await storedRows(account.id);
    expect(rows).toHaveLength(distinctIds);
    expect(rows.filter((r) => r.outgoing).length).toBeGreaterThan(100);
    for (const r of rows) {
      expect(r.outgoing).toBe(r.sender === PHILLIP);
      expect(r.folder).toBe('INBOX');
    }
    expect(await runSync(t.deps, { userId: other.user.id, accountId: account.id })).toMatchObject({ status: 'completed', stored: 0 });
  });

  it('takes every MIME torture file packed in an mbox: each stored once, parse problems recorded, the job completes', async () => {
    const raws = listFiles(path.join(CORPUS_DIR, 'mime')).map(read);
    expect(raws.length).toBeGreaterThan(100);
    // postal-mime takes every corpus file; one message nested past its depth limit makes sure a failure is recorded.
    let nested = 'hello\n';
    for (let i = 80; i > 0; i--) nested = `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n${nested}\n--b${i}--\n`;
    raws.push(Buffer.from(`From: deep@example.com\nSubject: deep\nMessage-ID: <deep@example.com>\nMIME-Version: 1.0\n${nested}`));
    // What the sync must store: one row per message identity, as the parser sees each message.
    const parsed = await Promise.all(raws.map((raw) => parseMessage(asStoredInMbox(raw))));
    const keys = new Map(parsed.map((p) => [p.messageKey, p]));
    const response = await importFile(new Blob([toMbox(raws)]), 'torture.mbox', { emailAddress: 'nobody@example.com' });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    const done = await waitForInitialization(account.id);
    expect(done).toMatchObject({ initializationStatus: 'completed', syncState: 'completed', lastSyncError: null });
    const rows = await storedRows(account.id);
    expect(rows).toHaveLength(keys.size);
    const problems = [...keys.values()].filter((p) => p.parseProblem).length;
    const [recorded] = await t.deps.db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.emailAccountId, account.id), isNotNull(emails.parseProblem)));
    expect(problems).toBeGreaterThanOrEqual(1);
    expect(recorded!.n).toBe(problems);
  });

  it('stores what the parser reads of mail built for the decoding mistakes of issue 33', async () => {
    const message = (id: string, headers: string, body: string) =>
      Buffer.from(
        `From: a@example.com\nMessage-ID: <${id}@example.com>\nDate: Tue, 1 Oct 2024 10:00:00 +0000\n${headers}\n\n${body}\n`,
        'latin1',
      );
    const cases = [
      {
        // Undeclared 8-bit text is windows-1252 (jschardet's half-guess read it as cp862 or MacCyrillic).
        raw: message(
          'undeclared',
          'Subject: \x93Offre\x94 \x96 10\x80 \x85 20\x80 \x91sp\xe9cial\x92\nMIME-Version: 1.0\nContent-Type: text/plain',
          'Le prix: 10\x80 \x96 \x93vraiment\x94 \x85 bient\xf4t, \xe0 20\x80 et 30\x80.',
        ),
        stored: { subject: '“Offre” – 10€ … 20€ ‘spécial’', body: 'Le prix: 10€ – “vraiment” … bientôt, à 20€ et 30€.', attachments: [] },
      },
      {
        // Base64 data in a part with no Content-Type is an attachment, not the body (it showed as base64 text).
        raw: message(
          'binary',
          'Subject: scan\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"',
          `--b\nContent-Type: text/plain\n\nThe scan.\n--b\nContent-Transfer-Encoding: base64\n\n${gzipSync(Buffer.from('scan '.repeat(100))).toString('base64')}\n--b--`,
        ),
        stored: { subject: 'scan', body: 'The scan.', attachments: [{ filename: null, type: 'application/octet-stream' }] },
      },
      {
        // Raw UTF-7 in a header, no encoded-words (it stayed "Gr+APw-+AN8-e").
        raw: message('utf7', 'Subject: Gr+APw-+AN8-e aus K+APY-ln', 'Call +49 30 1234, C++ and a+b-c.'),
        stored: { subject: 'Grüße aus Köln', body: 'Call +49 30 1234, C++ and a+b-c.', attachments: [] },
      },
    ];
    const response = await importFile(new Blob([toMbox(cases.map((c) => c.raw))]), 'decoding.mbox', {
      emailAddress: 'decoding@example.com',
    });
    expect(response.status).toBe(201);
    const { account } = await response.json();
    expect(await waitForInitialization(account.id)).toMatchObject({ initializationStatus: 'completed' });
    const rows = await t.deps.db
      .select({ id: emails.id, key: emails.messageKey, subject: emails.subject, body: emails.bodyText })
      .from(emails)
      .where(eq(emails.emailAccountId, account.id));
    const attachments = await t.deps.db
      .select({
        emailId: emailMessageAttachments.emailId,
        filename: emailMessageAttachments.filename,
        type: emailMessageAttachments.contentType,
      })
      .from(emailMessageAttachments)
      .where(eq(emailMessageAttachments.emailAccountId, account.id));
    const stored = rows
      .map((row) => ({
        key: row.key,
        subject: row.subject,
        body: row.body?.trim(),
        attachments: attachments.filter((a) => a.emailId === row.id).map((a) => ({ filename: a.filename, type: a.type })),
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
    const expected = cases
      .map((c) => ({ key: /<([^>]+)>/.exec(c.raw.toString('latin1'))![1]!, ...c.stored }))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(stored).toEqual(expected);
  });

  it('stores the messages of a zip bomb with their headers only, says why, and counts them on the account', async () => {
    const other = await t.signUpAndIn('bombed@example.com');
    const real = enronFolder('allen-p', 'inbox').slice(0, 20).map(read);
    const headers = (n: number) =>
      [
        `From: Sender ${n} <sender${n}@example.com>`,
        `Subject: Huge ${n}`,
        `Message-ID: <huge${n}@example.com>`,
        'Date: Mon, 2 Jan 2006 10:00:00 +0000',
      ].join('\n');
    const file = path.join(dir, 'bomb.zip');
    await writeZip(file, [
      ...real.slice(0, 10).map((data, i) => ({ name: `a/${i}.eml`, data })),
      // Three over the message limit, one compressed like a bomb: about 100 KB of zip in all.
      ...[1, 2, 3].map((n) => ({ name: `huge/${n}.eml`, data: compressibleMessage(headers(n), 30 * 1024 * 1024) })),
      { name: 'huge/4.eml', data: compressibleMessage(headers(4), 3 * 1024 * 1024) },
      ...real.slice(10).map((data, i) => ({ name: `b/${i}.eml`, data })),
    ]);
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
    const response = await importFile(await fs.openAsBlob(file), 'bomb.zip', { emailAddress: 'bombed@example.com' }, other.cookie);
    expect(response.status).toBe(201);
    const { account } = await response.json();
    const done = await waitForInitialization(account.id, other.cookie);
    expect(done).toMatchObject({ initializationStatus: 'completed', emailsDownloadedCount: 24, messagesTruncated: 4 });

    const rows = await storedRows(account.id);
    const cut = rows.filter((r) => r.subject?.startsWith('Huge')).sort((a, b) => a.subject!.localeCompare(b.subject!));
    expect(cut.slice(0, 3)).toEqual(
      [1, 2, 3].map((n) => ({
        sender: `sender${n}@example.com`,
        folder: 'INBOX',
        outgoing: false,
        problem: 'Body not stored: the message is larger than 25 MB (30 MB).',
        subject: `Huge ${n}`,
        size: headers(n).length + 2 + 30 * 1024 * 1024,
        body: null,
      })),
    );
    expect(cut[3]).toMatchObject({
      subject: 'Huge 4',
      problem: 'Body not stored: the message is compressed more than 100 times in the zip file, as in a zip bomb.',
    });
    // The real mail is stored whole, as by any import.
    expect(rows.filter((r) => !r.subject?.startsWith('Huge')).every((r) => r.problem === null && r.body)).toBe(true);

    // The exact recount (recalculate-email-stats) agrees with the counts kept batch by batch.
    await t.deps.db.update(emailAccounts).set({ messagesTruncated: 0 }).where(eq(emailAccounts.id, account.id));
    expect(await runSync(t.deps, { userId: other.user.id, accountId: account.id })).toMatchObject({ status: 'completed', stored: 0 });
    const [recounted] = await t.deps.db.select().from(emailAccounts).where(eq(emailAccounts.id, account.id));
    expect(recounted!.messagesTruncated).toBe(4);
  });

  it('stores a message of 2 GiB or more with its headers and its size, and keeps the rest of the import', async () => {
    // A zip entry records its size in the archive: this one says 3 GiB (sizes were int4 columns, so
    // one such message failed the batch and the import kept nothing). Only its header block is read.
    const other = await t.signUpAndIn('huge-message@example.com');
    const real = enronFolder('allen-p', 'inbox').slice(0, 5).map(read);
    const huge = Buffer.from(
      [
        'From: Big Sender <big@example.com>',
        'Subject: Enormous',
        'Message-ID: <enormous@example.com>',
        'Date: Mon, 2 Jan 2006 10:00:00 +0000',
        '',
        'Body.',
        '',
      ].join('\n'),
    );
    const file = path.join(dir, 'enormous.zip');
    await writeZip(file, [...real.map((data, i) => ({ name: `a/${i}.eml`, data })), { name: 'enormous.eml', data: huge }]);
    const declared = 3 * 1024 ** 3;
    fs.writeFileSync(file, withDeclaredSize(fs.readFileSync(file), 'enormous.eml', declared));
    const response = await importFile(await fs.openAsBlob(file), 'enormous.zip', { emailAddress: 'huge@example.com' }, other.cookie);
    expect(response.status).toBe(201);
    const { account } = await response.json();
    const done = await waitForInitialization(account.id, other.cookie);
    expect(done).toMatchObject({ initializationStatus: 'completed', emailsDownloadedCount: 6, messagesTruncated: 1 });
    const rows = await storedRows(account.id);
    expect(rows.find((r) => r.subject === 'Enormous')).toEqual({
      sender: 'big@example.com',
      folder: 'INBOX',
      outgoing: false,
      problem: 'Body not stored: the message is larger than 25 MB (3072 MB).',
      subject: 'Enormous',
      size: declared,
      body: null,
    });
  });

  it('refuses a file that is not an mbox or a zip, an empty file, a form without a file or address; nothing is left behind', async () => {
    const before = filesUnder(importsDir());
    const { accounts: accountsBefore } = await (await t.request('/api/accounts', { cookie })).json();

    const pdf = await importFile(new Blob(['%PDF-1.7 a document']), 'mail.pdf', { emailAddress: 'x@example.com' });
    expect(pdf.status).toBe(400);
    expect((await pdf.json()).error).toMatchObject({ message: IMPORT_MESSAGES.notMailbox, fields: { file: IMPORT_MESSAGES.notMailbox } });

    const empty = await importFile(new Blob([]), 'empty.mbox', { emailAddress: 'x@example.com' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe(IMPORT_MESSAGES.emptyFile);

    const brokenZip = await importFile(new Blob([Buffer.from('PK\x03\x04 and then nothing of a zip')]), 'x.zip', {
      emailAddress: 'x@example.com',
    });
    expect(brokenZip.status).toBe(400);
    expect((await brokenZip.json()).error.message).toBe(IMPORT_MESSAGES.badZip);

    const noAddress = await importFile(new Blob([toMbox([read(enronFolder('allen-p', 'inbox')[0]!)])]), 'a.mbox', {});
    expect(noAddress.status).toBe(400);
    expect((await noAddress.json()).error.fields).toHaveProperty('emailAddress');

    const form = new FormData();
    form.set('emailAddress', 'x@example.com');
    const noFile = await t.request('/api/accounts/import', { method: 'POST', cookie, body: form });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error.message).toBe(IMPORT_MESSAGES.noFile);

    const notMultipart = await t.request('/api/accounts/import', { method: 'POST', cookie, json: { emailAddress: 'x@example.com' } });
    expect(notMultipart.status).toBe(400);

    const signedOut = await importFile(new Blob(['From x']), 'a.mbox', { emailAddress: 'x@example.com' }, '');
    expect(signedOut.status).toBe(401);

    expect(filesUnder(importsDir())).toEqual(before);
    expect((await (await t.request('/api/accounts', { cookie })).json()).accounts).toHaveLength(accountsBefore.length);
  });

  it("removeImportedMailbox deletes a deleted account's file", async () => {
    const response = await importFile(new Blob([toMbox(enronFolder('allen-p', 'inbox').slice(0, 2).map(read))]), 'x.mbox', {
      emailAddress: 'to-delete@example.com',
    });
    const { account } = await response.json();
    await waitForInitialization(account.id);
    const folder = path.join(importsDir(), user.id, account.id);
    expect(filesUnder(folder)).toHaveLength(1);
    const json = { confirmation: 'DELETE EMAIL ACCOUNT' };
    expect((await t.request(`/api/accounts/${account.id}`, { method: 'DELETE', cookie, json })).status).toBe(204);
    await removeImportedMailbox({ storage: createLocalStorage(t.env.dataDir), userId: user.id, accountId: account.id });
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('keeps the global body limit on every other route', async () => {
    const response = await t.request('/api/accounts', {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: JSON.stringify({ provider: 'exchange', emailAddress: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024 - 80) }),
    });
    expect(response.status).toBe(413);
  });
});

describe('the sync of an imported file', () => {
  it('bounds every batch by bytes as well as by count', async () => {
    // 12 messages with a 2 MB attachment each: 24 MB, once one batch of 12.
    const attachment = Buffer.alloc(1.5 * 1024 * 1024, 'penman')
      .toString('base64')
      .replace(/.{76}/g, '$&\n');
    const messages = Array.from({ length: 12 }, (_, n) =>
      Buffer.from(
        [
          'From: a@example.com',
          `Subject: ${n}`,
          `Message-ID: <batch${n}@example.com>`,
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="b"',
          '',
          '--b',
          'Content-Type: text/plain',
          '',
          'See the attachment.',
          '--b',
          'Content-Type: application/octet-stream; name="data.bin"',
          'Content-Transfer-Encoding: base64',
          '',
          attachment,
          '--b--',
          '',
        ].join('\n'),
      ),
    );
    const key = `imports/${user.id}/large-messages.mbox`;
    await t.deps.storage.saveStream(key, Readable.from([toMbox(messages)]));
    const [row] = await t.deps.db
      .insert(emailAccounts)
      .values({
        userId: user.id,
        provider: 'mbox',
        emailAddress: 'batches@example.com',
        encryptedPassword: t.deps.secretBox.encrypt(encodeMailboxSecret({ key })),
      })
      .returning({ id: emailAccounts.id });

    // The real connector, watched: what each fetch of the sync brings at once.
    const batches: { count: number; bytes: number }[] = [];
    const open = connectorFactory({ secretBox: t.deps.secretBox, storage: t.deps.storage, allowPrivateHosts: true });
    const watched = async (account: Parameters<typeof open>[0]): Promise<MailConnector> => {
      const connector = await open(account);
      return {
        ...connector,
        async *fetchMessages(folder, ids) {
          const batch = { count: 0, bytes: 0 };
          batches.push(batch);
          for await (const message of connector.fetchMessages(folder, ids)) {
            batch.count++;
            batch.bytes += message.raw.length;
            yield message;
          }
        },
      };
    };
    const result = await syncAccount(
      { db: t.deps.db, queue: t.deps.queue, openConnector: watched, parseMessages: parseInline },
      { userId: user.id, accountId: row!.id },
    );
    expect(result).toMatchObject({ status: 'completed', stored: 12 });
    expect(batches.reduce((sum, b) => sum + b.count, 0)).toBe(12);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.count).toBeLessThanOrEqual(SYNC_BATCH_SIZE);
      expect(batch.bytes).toBeLessThanOrEqual(SYNC_BATCH_BYTES);
    }
  });
});
