import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { ZipFile } from 'yazl';
import { importFolderKey } from '../accounts/service.ts';
import type { Deps } from '../deps.ts';
import { FileMissingError } from '../platform/file-errors.ts';
import { logger } from '../platform/logger.ts';
import { contactCsvRow, contactsCsvHeader, contactVcard, mailboxFileName, mboxEntry } from './engine/export-formats.ts';
import * as repo from './export-repo.ts';

type ExportDeps = Pick<Deps, 'db' | 'files' | 'storage'> & { userId: string };

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

const angle = (id: string) => `<${id}>`;

/**
 * Rebuilds one stored email as RFC 5322 bytes. Penman keeps mail parsed (subject, addresses, text
 * and HTML bodies, threading headers), not raw, so the message is composed again with its own
 * Message-ID, date and threading: Penman's import gives it the same identity. Attachments of mail
 * are not stored, so they are not in the rebuilt message.
 */
async function rebuildMessage(email: repo.ExportEmail): Promise<Buffer> {
  const named = (address: string) => {
    const name = email.recipientNames[address.toLowerCase()];
    return name ? { name, address } : address;
  };
  const composer = new MailComposer({
    from: email.senderEmail ? (email.senderName ? { name: email.senderName, address: email.senderEmail } : email.senderEmail) : undefined,
    to: email.recipientEmails.map(named),
    ...(email.ccEmails.length ? { cc: email.ccEmails.map(named) } : {}),
    subject: email.subject ?? '',
    // A message stored without a Message-ID gets none (MailComposer would invent one).
    messageId: email.messageId ? angle(email.messageId) : undefined,
    ...(email.inReplyTo ? { inReplyTo: angle(email.inReplyTo) } : {}),
    ...(email.references.length ? { references: email.references.map(angle) } : {}),
    ...(email.dateUnknown || !email.receivedDate ? {} : { date: email.receivedDate }),
    ...(email.bodyText !== null ? { text: email.bodyText } : {}),
    ...(email.bodyHtml !== null ? { html: email.bodyHtml } : {}),
    headers: {
      ...(email.headers.listId ? { 'List-Id': email.headers.listId } : {}),
      ...(email.headers.listUnsubscribe ? { 'List-Unsubscribe': email.headers.listUnsubscribe } : {}),
      ...(email.headers.replyTo ? { 'Reply-To': email.headers.replyTo } : {}),
      ...(email.folderName ? { 'X-Penman-Folder': email.folderName } : {}),
    },
  });
  const built = await composer.compile().build();
  // MailComposer always writes a Message-ID; drop it when the stored message had none.
  return email.messageId ? built : Buffer.from(built.toString('latin1').replace(/^Message-ID: [^\r\n]*\r\n/im, ''), 'latin1');
}

/** An account's mail as one mbox, read a page at a time. */
async function* accountMbox({ db, userId }: ExportDeps, accountId: string): AsyncGenerator<Buffer> {
  let afterId: string | null = null;
  for (;;) {
    const page = await repo.readEmailPage(db, userId, accountId, afterId);
    for (const email of page) yield mboxEntry(await rebuildMessage(email), email.senderEmail, email.receivedDate);
    if (page.length < repo.EMAIL_PAGE) return;
    afterId = page[page.length - 1]!.id;
  }
}

async function* contactsCsv({ db, userId }: ExportDeps): AsyncGenerator<string> {
  yield contactsCsvHeader();
  for await (const contact of eachContact(db, userId)) yield contactCsvRow(contact);
}

async function* contactsVcf({ db, userId }: ExportDeps): AsyncGenerator<string> {
  for await (const contact of eachContact(db, userId)) yield contactVcard(contact);
}

async function* eachContact(db: Deps['db'], userId: string) {
  let afterId: string | null = null;
  for (;;) {
    const page = await repo.readContactPage(db, userId, afterId);
    yield* page;
    if (page.length === 0) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** Drafts with their feedback as one JSON array, a page at a time. */
async function* draftsJson({ db, userId }: ExportDeps): AsyncGenerator<string> {
  yield '[';
  let afterId: string | null = null;
  let first = true;
  for (;;) {
    const page = await repo.readDraftPage(db, userId, afterId);
    for (const draft of page) {
      yield `${first ? '\n' : ',\n'}${JSON.stringify(draft)}`;
      first = false;
    }
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
  }
  yield '\n]\n';
}

/** The names of the entries an export holds, for the README inside it. */
const README = `Your Penman data export.

profile.json            your profile, sign-in email, mailbox accounts and settings (no passwords or tokens)
mail/<address>.mbox     each mailbox's mail as mboxrd, rebuilt from what Penman stores (importable in Penman: Accounts, Import mailbox)
mail/<address>/original/  the mailbox file you imported, as uploaded (imported accounts only)
contacts.csv, contacts.vcf   your contacts
style-profiles.json     the communication-style profile of each mailbox
drafts.json             drafts with their feedback history
files/knowledge-documents/, files/email-attachments/   your uploaded files as stored
`;

/**
 * The user's data as a zip, streamed: entries are read from the database a page at a time and from
 * storage as streams while the zip is written (yazl), so nothing is built in memory. The answer's
 * size is not known in advance; the browser shows the bytes received.
 */
export async function exportUserData(deps: ExportDeps): Promise<Readable> {
  const { db, userId, files, storage } = deps;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(README), 'README.txt');
  zip.addBuffer(json(await repo.readProfileAndSettings(db, userId)), 'profile.json');
  const accounts = await repo.listAccounts(db, userId);
  for (const account of accounts) {
    const name = mailboxFileName(account.emailAddress);
    zip.addReadStreamLazy(`mail/${name}.mbox`, (done) => done(null, Readable.from(accountMbox(deps, account.id))));
    // An imported account's file is the raw mail as uploaded: it goes in as it is.
    const folder = storage.absolutePath(importFolderKey(userId, account.id));
    const originals = await fs.promises.readdir(folder).catch(() => [] as string[]);
    for (const original of originals.filter((file) => !file.endsWith('.part'))) {
      zip.addReadStreamLazy(`mail/${name}/original/${original}`, (done) => done(null, fs.createReadStream(path.join(folder, original))));
    }
  }
  zip.addReadStreamLazy('contacts.csv', (done) => done(null, Readable.from(contactsCsv(deps))));
  zip.addReadStreamLazy('contacts.vcf', (done) => done(null, Readable.from(contactsVcf(deps))));
  zip.addBuffer(json(await repo.readStyleProfiles(db, userId)), 'style-profiles.json');
  zip.addReadStreamLazy('drafts.json', (done) => done(null, Readable.from(draftsJson(deps))));
  const stored = await repo.listStoredFiles(db, userId);
  // A file whose row outlived its bytes (removed from storage by hand) must not cut the whole
  // export: its entry is left empty and its name listed in files/missing.txt, written last.
  const missing: string[] = [];
  for (const [folder, list] of [
    ['knowledge-documents', stored.knowledge],
    ['email-attachments', stored.attachments],
  ] as const) {
    for (const file of list) {
      const entry = `files/${folder}/${path.posix.basename(file.key)}`;
      zip.addReadStreamLazy(entry, (done) => {
        files.get(file.key).then(
          (stream) => done(null, stream),
          (error: unknown) => {
            if (!(error instanceof FileMissingError)) return done(error as Error, undefined as never);
            missing.push(entry);
            done(null, Readable.from([]));
          },
        );
      });
    }
  }
  if (stored.knowledge.length + stored.attachments.length > 0) {
    zip.addReadStreamLazy('files/missing.txt', (done) => done(null, Readable.from([missing.map((name) => `${name}\n`).join('')])));
  }
  zip.end();
  // A failing entry (a file missing from storage) cuts the download: an incomplete zip is refused
  // by every unzip tool, never mistaken for a whole export.
  zip.on('error', (error: Error) => {
    logger.error({ err: error }, 'data export failed');
    (zip.outputStream as unknown as Readable).destroy(error);
  });
  return zip.outputStream as unknown as Readable;
}
