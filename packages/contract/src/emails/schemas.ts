import { z } from 'zod';
import { ZText } from '../platform/input.ts';

/** Emails page size and list preview length (spec part 2 section 9). */
export const EMAILS_PAGE_SIZE = 25;
export const EMAIL_PREVIEW_CHARS = 100;
export const EMAIL_SEARCH_MAX_CHARS = 200;

/**
 * The emails list: the signed-in user's mail, newest first (received date descending; mail without
 * a date first, as PostgreSQL orders nulls), `limit` a page from `offset`, with the exact total.
 * `accountId` narrows it to one account of the user (another user's account answers 404).
 * `search` matches subject, sender email or sender name as a case-insensitive substring (the
 * spec), and the body through full-text search; substring matches rank first.
 */
export const ZListEmailsQuery = z.object({
  accountId: z.uuid().optional(),
  search: ZText.trim().max(EMAIL_SEARCH_MAX_CHARS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(EMAILS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type ListEmailsQuery = z.input<typeof ZListEmailsQuery>;

/** One row of the list: never the whole body, only its first 100 characters (whitespace folded). */
export const ZEmailListItem = z.object({
  id: z.string(),
  emailAccountId: z.string(),
  subject: z.string().nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable(),
  receivedDate: z.string().nullable(),
  /** The message has no usable Date header: `receivedDate` is when the mailbox got it, shown as "date unknown". */
  dateUnknown: z.boolean(),
  folderName: z.string().nullable(),
  hasAttachments: z.boolean(),
  isOutgoing: z.boolean(),
  preview: z.string(),
  /**
   * Triage, when the email has one: whether it needs a reply, and the reason that names what it asks
   * ("Asks you: send the signed supply agreement (by Friday)"). Null for mail not triaged yet and sent mail.
   */
  triage: z.object({ needsReply: z.boolean(), needsReview: z.boolean(), reason: z.string().nullable() }).nullable(),
});
export type EmailListItem = z.infer<typeof ZEmailListItem>;

export const ZListEmailsResponse = z.object({
  emails: z.array(ZEmailListItem),
  pagination: z.object({ totalCount: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
  /**
   * With a search: how many of the searched accounts' emails are not yet indexed for their text
   * (just downloaded), which the search finds by subject and sender only until they are. 0 without a search.
   */
  unindexedCount: z.number().int(),
});
export type ListEmailsResponse = z.infer<typeof ZListEmailsResponse>;

/** A MIME attachment of a downloaded message: its name, type and size (the content is not kept). */
export const ZEmailAttachmentInfo = z.object({
  id: z.string(),
  filename: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
});
export type EmailAttachmentInfo = z.infer<typeof ZEmailAttachmentInfo>;

/** One email in full, for the detail dialog. `bodyHtml` is the sender's HTML, unsanitized: sanitize before display. */
export const ZEmailDetail = ZEmailListItem.omit({ preview: true, triage: true }).extend({
  /** The Message-ID header without its angle brackets; null when the message has none. */
  messageId: z.string().nullable(),
  /** What went wrong reading the message (a part decoded other than declared, a body not stored, ...), one a line. */
  parseProblems: z.array(z.string()),
  recipientEmails: z.array(z.string()),
  ccEmails: z.array(z.string()),
  bodyText: z.string().nullable(),
  bodyHtml: z.string().nullable(),
  attachments: z.array(ZEmailAttachmentInfo),
});
export type EmailDetail = z.infer<typeof ZEmailDetail>;

export const ZEmailResponse = z.object({ email: ZEmailDetail });

/** One header field of the original message: its name as written, its value unfolded and decoded. */
export const ZEmailHeaderField = z.object({ name: z.string(), value: z.string() });

/**
 * "Show original": every header field of the message as its mailbox holds it, in order (read from
 * the mailbox: Penman keeps the parsed form only). The raw message is `GET /emails/{id}/original.eml`.
 */
export const ZEmailOriginalResponse = z.object({ headers: z.array(ZEmailHeaderField) });
export type EmailOriginalResponse = z.infer<typeof ZEmailOriginalResponse>;
