import type { Readable } from 'node:stream';
import {
  ACCOUNT_MESSAGES,
  EMAIL_MESSAGES,
  type EmailDetail,
  type EmailListItem,
  type EmailOriginalResponse,
  type EmailTriage,
  type ListEmailsResponse,
  ZEmailDetail,
  ZEmailListItem,
  ZEmailOriginalResponse,
  type ZListEmailsQuery,
} from '@penman/contract';
import type { z } from 'zod';
import { headerBlockLength, headerFields } from '../mail/engine/header-fields.ts';
import { collectParts } from '../mail/engine/message-parts.ts';
import { readMimeTree } from '../mail/engine/mime-tree.ts';
import { cleanText } from '../mail/engine/parse-message.ts';
import { type MailboxReadDeps, MailError, openOriginalMessage } from '../mail/service.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { triagesOf } from '../understanding/service.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };

/** Shown when an email id is not one of the user's (another user's id answers the same). */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toListItem(row: repo.EmailListRecord, triage: EmailTriage | undefined): EmailListItem {
  return ZEmailListItem.parse({
    ...row,
    receivedDate: iso(row.receivedDate),
    triage: triage ? { needsReply: triage.needsReply, needsReview: triage.needsReview, reason: triage.reasons[0] ?? null } : null,
  });
}

/**
 * The spec's emails read: the user's mail, an optional account of theirs (another user's account
 * answers 404 'Email account not found', like every route that names an account), an optional
 * search, newest first, paged with an exact total.
 */
export async function listEmails({ db, userId, query }: Scope & { query: z.output<typeof ZListEmailsQuery> }): Promise<ListEmailsResponse> {
  if (query.accountId && !(await repo.accountBelongsToUser(db, userId, query.accountId))) {
    throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notFound);
  }
  const filter = { accountId: query.accountId, search: query.search || undefined };
  const page = { limit: query.limit, offset: query.offset };
  const { rows, total, unindexed } = await repo.listEmails(db, userId, filter, page);
  const triages = await triagesOf({ db, userId, emailIds: rows.map((row) => row.id) });
  return {
    emails: rows.map((row) => toListItem(row, triages.get(row.id))),
    pagination: { totalCount: total, ...page },
    unindexedCount: unindexed,
  };
}

/** One email of the user in full (headers, attachments, text and HTML bodies). */
export async function getEmail({ db, userId, emailId }: Scope & { emailId: string }): Promise<EmailDetail> {
  const row = await repo.findEmail(db, userId, emailId);
  if (!row) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  const { parseProblem, ...email } = row;
  return ZEmailDetail.parse({
    ...email,
    receivedDate: iso(row.receivedDate),
    parseProblems: parseProblem?.split('\n').filter(Boolean) ?? [],
  });
}

/** The header block is read up to this size; a longer one is cut (the .eml download has it all). */
const MAX_HEADER_BLOCK_BYTES = 256 * 1024;

/** The raw message of one email of the user, streamed from its mailbox; AppErrors when it cannot be. */
async function openOriginal(deps: MailboxReadDeps, userId: string, emailId: string) {
  const source = await repo.findEmailSource(deps.db, userId, emailId);
  if (!source) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  let stream: Readable | null = null;
  try {
    stream = source.providerUid
      ? await openOriginalMessage(deps, { userId, accountId: source.accountId, providerUid: source.providerUid })
      : null;
  } catch (error) {
    const code = error instanceof MailError ? error.code : 'TEMPORARY';
    logger.warn({ emailId, code, err: error instanceof MailError ? undefined : error }, 'original message not fetched');
    if (code === 'NOT_FOUND') throw new AppError('NOT_FOUND', EMAIL_MESSAGES.originalNotFound);
    throw new AppError('CONFLICT', code === 'AUTH' ? EMAIL_MESSAGES.originalRefused : EMAIL_MESSAGES.originalUnavailable);
  }
  if (!stream) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.originalNotFound);
  return { stream, subject: source.subject };
}

/** "Show original": every header field of the email as its mailbox holds it. */
export async function getOriginalHeaders(
  deps: MailboxReadDeps,
  { userId, emailId }: { userId: string; emailId: string },
): Promise<EmailOriginalResponse> {
  const { stream } = await openOriginal(deps, userId, emailId);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= MAX_HEADER_BLOCK_BYTES || headerBlockLength(Buffer.concat(chunks)) >= 0) break;
    }
  } finally {
    stream.destroy();
  }
  const head = Buffer.concat(chunks).subarray(0, MAX_HEADER_BLOCK_BYTES);
  const end = headerBlockLength(head);
  return ZEmailOriginalResponse.parse({ headers: headerFields(end >= 0 ? head.subarray(0, end) : head) });
}

/** The .eml download: the raw message streamed from the mailbox, and a file name made from its subject. */
export async function downloadOriginal(deps: MailboxReadDeps, { userId, emailId }: { userId: string; emailId: string }) {
  const { stream, subject } = await openOriginal(deps, userId, emailId);
  const name =
    (subject ?? '')
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'message';
  return { stream, filename: `${name}.eml` };
}

/** The files attached to replies to mail like the given lexemes, with how alike that mail was (see the repo). */
export function listRepliedAttachments({ db, userId, accountId, lexemes }: Scope & { accountId: string; lexemes: string[] }) {
  return repo.repliedAttachments(db, userId, accountId, lexemes);
}

/** Inline messages are read this deep to find an attachment (as the sync reads them). */
const ATTACHMENT_NESTING_DEPTH = 8;

/**
 * The bytes of one attachment of one of the user's emails, fetched from its mailbox (the sync keeps
 * an attachment's name, type and size, not its content): the raw message is read (up to `maxBytes`)
 * and the part of that name and size taken from it. AppErrors when it cannot be.
 */
export async function readEmailAttachment(
  deps: MailboxReadDeps,
  { userId, emailId, attachmentId, maxBytes }: { userId: string; emailId: string; attachmentId: string; maxBytes: number },
): Promise<{ filename: string; contentType: string | null; content: Uint8Array }> {
  const recorded = await repo.findEmailAttachment(deps.db, userId, emailId, attachmentId);
  if (!recorded) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.attachmentNotFound);
  const { stream } = await openOriginal(deps, userId, emailId);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', EMAIL_MESSAGES.attachmentTooLarge);
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  const { root } = await readMimeTree(Buffer.concat(chunks), { maxNestingDepth: ATTACHMENT_NESTING_DEPTH });
  const { attachments } = await collectParts(root);
  const named = attachments.filter((a) => cleanText(a.filename, 500) === recorded.filename);
  const found =
    named.find((a) => a.content.byteLength === recorded.sizeBytes && (a.contentId ?? null) === recorded.contentId) ??
    named.find((a) => a.content.byteLength === recorded.sizeBytes) ??
    named[0];
  if (!found) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.attachmentNotFound);
  return { filename: recorded.filename ?? 'attachment', contentType: recorded.contentType, content: found.content };
}
