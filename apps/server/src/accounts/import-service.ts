import { randomUUID } from 'node:crypto';
import { ALIAS_LABELS, type EmailAccount, MAX_ALIASES, ZEmail, ZText } from '@penman/contract';
import { z } from 'zod';
import { countZipMessagesAt, encodeMailboxSecret, MAILBOX_SNIFF_BYTES, type MailboxFileKind, sniffMailboxFile } from '../mail/service.ts';
import type { SecretBox } from '../platform/crypto.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import type { UploadPart } from '../platform/http/multipart.ts';
import type { Queue } from '../platform/queue.ts';
import type { LocalStorage } from '../platform/storage.ts';
import { safeFileName } from '../platform/storage-keys.ts';
import * as repo from './repo.ts';
import { alreadyConnected, importFolderKey, initializeAccount } from './service.ts';

/** The other owner addresses, in one field: separated by commas, semicolons, spaces or new lines. */
const ZAliasList = ZText.optional().transform((value, context) => {
  const addresses = [
    ...new Set(
      (value ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((address) => address.toLowerCase()),
    ),
  ];
  const wrong = addresses.find((address) => !ZEmail.safeParse(address).success);
  if (wrong) context.addIssue({ code: 'custom', message: `${wrong} is not an email address.` });
  else if (addresses.length > MAX_ALIASES) context.addIssue({ code: 'custom', message: ALIAS_LABELS.tooMany });
  return addresses;
});

export const ZImportMailboxFields = z.object({
  /** The owner's address: mail from it is sent mail. */
  emailAddress: ZEmail,
  /** The other addresses the owner sent from: mail from them is sent mail too. */
  aliases: ZAliasList,
  /** 'true': the file is a Sent folder exported on its own, every message in it is sent mail. */
  sentOnly: z.enum(['true', 'false']).optional(),
  displayName: ZText.trim().max(200).optional(),
});

export const IMPORT_MESSAGES = {
  noFile: 'Choose an mbox file or a zip of .eml files to import.',
  emptyFile: 'The file is empty.',
  notMailbox: 'This file is neither an mbox file (which starts with "From ") nor a zip of .eml files.',
  badZip: 'The zip file cannot be read: it may be damaged or incomplete.',
  noMessages: 'The zip file holds no .eml messages.',
  oneFile: 'Send one file, in the field "file".',
} as const;

type ImportDeps = { db: Db; userId: string; queue: Queue; secretBox: SecretBox; storage: LocalStorage };

const fileError = (message: string) => new AppError('BAD_REQUEST', message, { fields: { file: message } });

/**
 * Imports an uploaded mbox or zip of .eml files as a read-only account: the file is streamed to
 * storage (never held in memory) under imports/<user>/<account>/, checked by its first bytes, the
 * account is created (its secret is where the file is) and initialized like any other account.
 * Anything wrong leaves nothing behind.
 */
export async function importMailboxFile({ parts, ...deps }: ImportDeps & { parts: AsyncIterable<UploadPart> }): Promise<EmailAccount> {
  const { db, userId, storage } = deps;
  const accountId = randomUUID();
  const fields: Record<string, string> = {};
  let key: string | undefined;
  let upload: { kind: MailboxFileKind; size: number; fileName: string } | undefined;
  let input: z.infer<typeof ZImportMailboxFields>;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      if (part.name !== 'file' || key) throw fileError(IMPORT_MESSAGES.oneFile);
      // When the address came first, a wrong one is refused before a large file is taken in.
      if (fields.emailAddress !== undefined) await checkFields(db, userId, fields);
      const fileName = safeFileName(part.filename, 'mailbox');
      key = `${importFolderKey(userId, accountId)}/${fileName}`;
      const sniffed: { kind?: MailboxFileKind } = {};
      const { size } = await storage.saveStream(key, sniffUpload(part.stream, sniffed));
      upload = { kind: sniffed.kind!, size, fileName };
    }
    if (!upload || !key) throw fileError(IMPORT_MESSAGES.noFile);
    input = await checkFields(db, userId, fields);
    if (upload.kind === 'zip') await checkZip(storage, key);
    const inserted = await repo.insertAccount(db, userId, {
      id: accountId,
      provider: 'mbox',
      emailAddress: input.emailAddress,
      displayName: input.displayName || input.emailAddress,
      serverUrl: null,
      port: null,
      username: null,
      aliases: input.aliases.filter((address) => address !== input.emailAddress),
      encryptedPassword: deps.secretBox.encrypt(encodeMailboxSecret({ key, sentOnly: input.sentOnly === 'true' })),
    });
    // Another import of the same address got there first while this file was uploading.
    if (!inserted) throw alreadyConnected(input.emailAddress);
  } catch (error) {
    if (key) await storage.remove(key).catch(() => {});
    throw error;
  }
  await repo.recordActivity(db, userId, {
    emailAccountId: accountId,
    kind: 'account.connected',
    detail: {
      emailAddress: input.emailAddress,
      source: 'import',
      format: upload.kind,
      fileName: upload.fileName,
      sizeBytes: upload.size,
      sentOnly: input.sentOnly === 'true',
    },
  });
  const { account } = await initializeAccount({ db, userId, queue: deps.queue, accountId });
  return account;
}

/** Deletes an imported account's file. Call it when the account is deleted. */
export async function removeImportedMailbox({ storage, userId, accountId }: { storage: LocalStorage; userId: string; accountId: string }) {
  await storage.removeFolder(importFolderKey(userId, accountId));
}

async function checkFields(db: Db, userId: string, fields: Record<string, string>) {
  const parsed = ZImportMailboxFields.safeParse(fields);
  if (!parsed.success) {
    const messages: Record<string, string> = {};
    for (const issue of parsed.error.issues) messages[issue.path.join('.') || '_'] ??= issue.message;
    throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'Invalid request', { fields: messages });
  }
  const emailAddress = parsed.data.emailAddress.toLowerCase();
  if (await repo.findAccountByAddress(db, userId, emailAddress)) throw alreadyConnected(emailAddress);
  return { ...parsed.data, emailAddress };
}

async function checkZip(storage: LocalStorage, key: string) {
  let count: number;
  try {
    count = await countZipMessagesAt({ storage }, key);
  } catch {
    throw fileError(IMPORT_MESSAGES.badZip);
  }
  if (count === 0) throw fileError(IMPORT_MESSAGES.noMessages);
}

/** Passes the upload through, refusing it at its first bytes unless it is an mbox or a zip. */
async function* sniffUpload(stream: AsyncIterable<Buffer>, sniffed: { kind?: MailboxFileKind }): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    if (sniffed.kind) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < MAILBOX_SNIFF_BYTES) continue;
    sniffed.kind = sniffMailboxFile(head) ?? undefined;
    if (!sniffed.kind) throw fileError(IMPORT_MESSAGES.notMailbox);
    yield head;
  }
  if (sniffed.kind) return;
  if (head.length === 0) throw fileError(IMPORT_MESSAGES.emptyFile);
  sniffed.kind = sniffMailboxFile(head) ?? undefined;
  if (!sniffed.kind) throw fileError(IMPORT_MESSAGES.notMailbox);
  yield head;
}
