import { createHash } from 'node:crypto';
import type { Email } from 'postal-mime';
import { parseMailboxes } from './addresses.ts';
import { cutAttachmentBodies, markerIndex } from './attachment-bodies.ts';
import { decodeText } from './charsets.ts';
import { decodeHeaderText } from './encoded-words.ts';
import { headerBlockLength, headerFields } from './header-fields.ts';
import { htmlToText } from './html-to-text.ts';
import { collectParts, type MessageParts } from './message-parts.ts';
import { readMimeTree } from './mime-tree.ts';
import { cutLongTextBodies } from './text-bodies.ts';

/** A message as stored: the fields of an `emails` row that come from the message itself. */
export type ParsedMessage = {
  messageKey: string;
  messageId: string | null;
  threadId: string;
  inReplyTo: string | null;
  references: string[];
  subject: string | null;
  senderEmail: string | null;
  senderName: string | null;
  recipientEmails: string[];
  ccEmails: string[];
  /** Display names of the To and Cc recipients that have one, by lower-cased address (the first name given wins). */
  recipientNames: Record<string, string>;
  /** The Date header when it parses, else null (the caller falls back to the server's date). */
  date: Date | null;
  /** No usable Date header: the stored date is the server's or the mbox separator's, shown as "date unknown". */
  dateUnknown: boolean;
  bodyText: string | null;
  bodyHtml: string | null;
  hasAttachments: boolean;
  attachments: ParsedAttachment[];
  sizeBytes: number;
  contentHash: string;
  headers: {
    listUnsubscribe?: string;
    listId?: string;
    precedence?: string;
    autoSubmitted?: string;
    xAutoResponseSuppress?: string;
    returnPath?: string;
    /** Where replies go when not to From (issue 20's reply recipients). */
    replyTo?: string;
  };
  parseProblem: string | null;
};

export type ParsedAttachment = {
  filename: string | null;
  contentType: string;
  sizeBytes: number;
  contentId: string | null;
  disposition: string | null;
};

// Bodies beyond this are cut: a 50 MB text part says nothing more about a person than its first MBs.
const MAX_BODY_CHARS = 2_000_000;
// Text bodies are cut before parsing past this (text-bodies.ts): plain, 8-bit Latin and base64 text
// still give MAX_BODY_CHARS characters; quoted-printable accents or 3-byte scripts give fewer.
const MAX_TEXT_BODY_BYTES = 2 * MAX_BODY_CHARS;

/** PostgreSQL text cannot hold NUL, and lone surrogates break JSON: both occur in real mail. */
export function cleanText(value: string | null | undefined, max = MAX_BODY_CHARS): string | null {
  if (value == null) return null;
  const cleaned = value
    .replaceAll(String.fromCharCode(0), '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return cleaned.length > max ? cleaned.slice(0, max) : cleaned;
}

/** `<a@b>` → `a@b`; null for empty. Case is kept: Message-IDs are case-sensitive on the left. */
export function normalizeMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = value.match(/<([^<>]+)>/);
  const id = (match?.[1] ?? value).trim().replace(/\s+/g, '');
  return id ? cleanText(id, 998) : null;
}

function parseReferences(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value.match(/<[^<>]+>/g) ?? value.split(/\s+/);
  return ids.map((id) => normalizeMessageId(id)).filter((id): id is string => Boolean(id));
}

export function normalizeAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  const trimmed = address.trim().replace(/^<|>$/g, '').toLowerCase();
  return trimmed.includes('@') ? cleanText(trimmed, 320) : null;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  const time = date.getTime();
  // Years before 1980 or far in the future are broken headers, not real dates.
  if (Number.isNaN(time) || time < Date.UTC(1980, 0, 1) || time > Date.now() + 366 * 86_400_000) return null;
  return date;
}

export function sha256Hex(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

const MAX_NESTING_DEPTH = 64;

type Parsed = { email: Email; parts: MessageParts };

async function readMessage(raw: Uint8Array): Promise<Parsed> {
  const { email, root } = await readMimeTree(raw, { maxNestingDepth: MAX_NESTING_DEPTH });
  return { email, parts: await collectParts(root) };
}

/**
 * The message read with its large attachment bodies left undecoded (see attachment-bodies.ts),
 * each marker's attachment given its real size; null when nothing was cut or the markers did not
 * come back one to one (then the original is read as it is).
 */
async function readWithoutAttachmentBodies(raw: Uint8Array): Promise<{ parsed: Parsed; sizes: number[] } | null> {
  const cut = cutAttachmentBodies(raw);
  if (!cut) return null;
  try {
    const parsed = await readMessage(cut.raw);
    const sizes: number[] = [];
    const seen = new Set<number>();
    for (const attachment of parsed.parts.attachments) {
      const index = markerIndex(attachment.content);
      if (index >= 0 && (seen.has(index) || index >= cut.sizes.length)) return null;
      if (index >= 0) seen.add(index);
      sizes.push(index >= 0 ? cut.sizes[index]! : attachment.content.byteLength);
    }
    return seen.size === cut.sizes.length ? { parsed, sizes } : null;
  } catch {
    return null;
  }
}

/** Parses one raw RFC 822 message. Never throws: a broken message comes back with `parseProblem`. */
export async function parseMessage(raw: Uint8Array): Promise<ParsedMessage> {
  const contentHash = sha256Hex(raw);
  // Identity (hash) and size are the whole message's; only the parse sees long text bodies cut.
  const bounded = cutLongTextBodies(raw, MAX_TEXT_BODY_BYTES) ?? raw;
  try {
    const fast = await readWithoutAttachmentBodies(bounded);
    if (fast) return fromParsed(fast.parsed, raw.byteLength, contentHash, fast.sizes);
    const parsed = await readMessage(bounded);
    return fromParsed(
      parsed,
      raw.byteLength,
      contentHash,
      parsed.parts.attachments.map((a) => a.content.byteLength),
    );
  } catch (error) {
    return fromHeadersOnly(bounded, raw.byteLength, contentHash, error instanceof Error ? error.message : String(error));
  }
}

function header(email: Email, key: string): string | undefined {
  const value = email.headers.find((h) => h.key === key)?.value;
  return value ? (cleanText(value, 2000) ?? undefined) : undefined;
}

function uniqueAddresses(value: string | undefined): string[] {
  const seen = new Set<string>();
  for (const { address } of parseMailboxes(value)) {
    const normalized = normalizeAddress(address);
    if (normalized) seen.add(normalized);
  }
  return [...seen];
}

/** Address -> display name for the recipients that have a name (contacts show it); the first name given wins. */
function namesOf(...headers: (string | undefined)[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const value of headers) {
    for (const { name, address } of parseMailboxes(value)) {
      const normalized = normalizeAddress(address);
      const cleaned = cleanText(name || null, 500);
      if (normalized && cleaned && !(normalized in names)) names[normalized] = cleaned;
    }
  }
  return names;
}

/** Every header of a kind, as one list (a message may repeat To or Cc). */
const allOf = (email: Email, key: string) =>
  email.headers
    .filter((h) => h.key === key)
    .map((h) => h.value)
    .join(', ') || undefined;

/** `attachmentSizes`: the decoded size of each of the parsed attachments, in order. */
function fromParsed({ email, parts }: Parsed, sizeBytes: number, contentHash: string, attachmentSizes: number[]): ParsedMessage {
  const rawHeader = (key: string) => email.headers.find((h) => h.key === key)?.value;
  const messageId = normalizeMessageId(rawHeader('message-id'));
  const references = parseReferences(rawHeader('references'));
  const inReplyToHeader = rawHeader('in-reply-to');
  const inReplyTo = normalizeMessageId(inReplyToHeader?.match(/<[^<>]+>/)?.[0] ?? inReplyToHeader);
  const from = parseMailboxes(rawHeader('from'))[0];
  const subject = rawHeader('subject');
  const html = cleanText(parts.html);
  const text = cleanText(parts.text) ?? (html ? cleanText(htmlToText(html)) : null);
  const attachments: ParsedAttachment[] = parts.attachments.map((a, i) => ({
    filename: cleanText(a.filename, 500),
    contentType: cleanText(a.contentType, 200) ?? 'application/octet-stream',
    sizeBytes: attachmentSizes[i]!,
    contentId: cleanText(a.contentId, 500),
    disposition: a.disposition,
  }));
  const date = parseDate(rawHeader('date'));
  const problems = [...parts.problems];
  if (!date) problems.push(rawHeader('date') ? 'Unreadable Date header: date unknown' : 'No Date header: date unknown');
  const messageKey = messageId ?? `sha256:${contentHash}`;
  return {
    messageKey,
    messageId,
    // The thread is named by its first message: the oldest reference, else what this answers, else itself.
    threadId: references[0] ?? inReplyTo ?? messageKey,
    inReplyTo,
    references,
    subject: subject === undefined ? null : cleanText(decodeHeaderText(subject), 2000),
    senderEmail: normalizeAddress(from?.address),
    senderName: cleanText(from?.name?.trim() || null, 500),
    recipientEmails: uniqueAddresses(allOf(email, 'to')),
    ccEmails: uniqueAddresses(allOf(email, 'cc')),
    recipientNames: namesOf(allOf(email, 'to'), allOf(email, 'cc')),
    date,
    dateUnknown: date === null,
    bodyText: text,
    bodyHtml: html,
    hasAttachments: attachments.some((a) => a.disposition !== 'inline' || (!a.contentId && a.filename)),
    attachments,
    sizeBytes,
    contentHash,
    headers: {
      listUnsubscribe: header(email, 'list-unsubscribe'),
      listId: header(email, 'list-id'),
      precedence: header(email, 'precedence'),
      autoSubmitted: header(email, 'auto-submitted'),
      xAutoResponseSuppress: header(email, 'x-auto-response-suppress'),
      returnPath: header(email, 'return-path'),
      replyTo: header(email, 'reply-to'),
    },
    parseProblem: problems.length ? cleanText(problems.join('\n'), 1000) : null,
  };
}

/**
 * Last resort for mail the MIME parser rejects: keep what the header block says, its fields decoded
 * as the parser decodes them (header-fields.ts: 8-bit bytes and encoded-words), the rest as text.
 */
function fromHeadersOnly(raw: Uint8Array, sizeBytes: number, contentHash: string, problem: string): ParsedMessage {
  const head = raw.subarray(0, 65_536);
  const headerEnd = headerBlockLength(head);
  const fields = headerFields(headerEnd >= 0 ? head.subarray(0, headerEnd) : head);
  const get = (name: string) => fields.find((field) => field.name.toLowerCase() === name)?.value.trim() || undefined;
  const messageId = normalizeMessageId(get('message-id'));
  const fromHeader = get('from') ?? '';
  const fromAddress = normalizeAddress(fromHeader.match(/<([^>]+)>/)?.[1] ?? fromHeader.match(/[^\s<>"]+@[^\s<>"]+/)?.[0]);
  const body = headerEnd >= 0 ? decodeText(raw.subarray(headerEnd), undefined).text.trim() : null;
  const messageKey = messageId ?? `sha256:${contentHash}`;
  const date = parseDate(get('date'));
  return {
    messageKey,
    messageId,
    threadId: messageKey,
    inReplyTo: normalizeMessageId(get('in-reply-to')),
    references: parseReferences(get('references')),
    subject: cleanText(get('subject') ?? null, 2000),
    senderEmail: fromAddress,
    senderName: null,
    recipientEmails: [],
    ccEmails: [],
    recipientNames: {},
    date,
    dateUnknown: date === null,
    bodyText: cleanText(body || null),
    bodyHtml: null,
    hasAttachments: false,
    attachments: [],
    sizeBytes,
    contentHash,
    headers: {},
    parseProblem: cleanText(`MIME parse failed: ${problem}`, 1000),
  };
}
