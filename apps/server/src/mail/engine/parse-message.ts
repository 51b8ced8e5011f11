import { createHash } from 'node:crypto';
import PostalMime, { type Address } from 'postal-mime';
import { cutAttachmentBodies, markerIndex } from './attachment-bodies.ts';
import { htmlToText } from './html-to-text.ts';
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

function flattenAddresses(list: Address[] | Address | undefined): { name: string; address: string }[] {
  if (!list) return [];
  const items = Array.isArray(list) ? list : [list];
  return items.flatMap((item) => (item.group ? item.group : [item])).map((m) => ({ name: m.name ?? '', address: m.address ?? '' }));
}

function uniqueAddresses(list: Address[] | undefined): string[] {
  const seen = new Set<string>();
  for (const { address } of flattenAddresses(list)) {
    const normalized = normalizeAddress(address);
    if (normalized) seen.add(normalized);
  }
  return [...seen];
}

/** Address → display name for the recipients that have a name (contacts show it). */
function namesOf(...lists: (Address[] | undefined)[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const list of lists) {
    for (const { name, address } of flattenAddresses(list)) {
      const normalized = normalizeAddress(address);
      const cleaned = cleanText(name.trim() || null, 500);
      if (normalized && cleaned && !(normalized in names)) names[normalized] = cleaned;
    }
  }
  return names;
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  const time = date.getTime();
  // Years before 1980 or far in the future are broken headers, not real dates.
  if (Number.isNaN(time) || time < Date.UTC(1980, 0, 1) || time > Date.now() + 366 * 86_400_000) return null;
  return date;
}

function attachmentSize(content: ArrayBuffer | Uint8Array | string): number {
  if (typeof content === 'string') return Buffer.byteLength(content);
  return content.byteLength;
}

export function sha256Hex(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

type Email = Awaited<ReturnType<typeof PostalMime.parse>>;

const parseMime = (raw: Uint8Array) => PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 64 });

/**
 * The message parsed with its large attachment bodies left undecoded (see attachment-bodies.ts),
 * each marker's attachment given its real size; null when nothing was cut or the markers did not
 * come back one to one (then the original is parsed as it is).
 */
async function parseWithoutAttachmentBodies(raw: Uint8Array): Promise<{ email: Email; sizes: number[] } | null> {
  const cut = cutAttachmentBodies(raw);
  if (!cut) return null;
  try {
    const email = await parseMime(cut.raw);
    const sizes: number[] = [];
    const seen = new Set<number>();
    for (const attachment of email.attachments) {
      const index = markerIndex(attachment.content);
      if (index >= 0 && (seen.has(index) || index >= cut.sizes.length)) return null;
      if (index >= 0) seen.add(index);
      sizes.push(index >= 0 ? cut.sizes[index]! : attachmentSize(attachment.content));
    }
    return seen.size === cut.sizes.length ? { email, sizes } : null;
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
    const fast = await parseWithoutAttachmentBodies(bounded);
    if (fast) return fromEmail(fast.email, raw.byteLength, contentHash, fast.sizes);
    const email = await parseMime(bounded);
    return fromEmail(
      email,
      raw.byteLength,
      contentHash,
      email.attachments.map((a) => attachmentSize(a.content)),
    );
  } catch (error) {
    return fromHeadersOnly(bounded, raw.byteLength, contentHash, error instanceof Error ? error.message : String(error));
  }
}

function header(email: { headers: { key: string; value: string }[] }, key: string): string | undefined {
  const value = email.headers.find((h) => h.key === key)?.value;
  return value ? (cleanText(value, 2000) ?? undefined) : undefined;
}

/** `attachmentSizes`: the decoded size of each of `email.attachments`, in order. */
function fromEmail(email: Email, sizeBytes: number, contentHash: string, attachmentSizes: number[]): ParsedMessage {
  const messageId = normalizeMessageId(email.messageId);
  const references = parseReferences(email.references);
  const inReplyTo = normalizeMessageId(email.inReplyTo?.match(/<[^<>]+>/)?.[0] ?? email.inReplyTo);
  const from = flattenAddresses(email.from)[0];
  const html = cleanText(email.html);
  const text = cleanText(email.text) ?? (html ? cleanText(htmlToText(html)) : null);
  const attachments: ParsedAttachment[] = email.attachments.map((a, i) => ({
    filename: cleanText(a.filename, 500),
    contentType: cleanText(a.mimeType, 200) ?? 'application/octet-stream',
    sizeBytes: attachmentSizes[i]!,
    contentId: cleanText(a.contentId, 500),
    disposition: a.disposition,
  }));
  const messageKey = messageId ?? `sha256:${contentHash}`;
  return {
    messageKey,
    messageId,
    // The thread is named by its first message: the oldest reference, else what this answers, else itself.
    threadId: references[0] ?? inReplyTo ?? messageKey,
    inReplyTo,
    references,
    subject: cleanText(email.subject, 2000),
    senderEmail: normalizeAddress(from?.address),
    senderName: cleanText(from?.name?.trim() || null, 500),
    recipientEmails: uniqueAddresses(email.to),
    ccEmails: uniqueAddresses(email.cc),
    recipientNames: namesOf(email.to, email.cc),
    date: parseDate(email.date),
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
    },
    parseProblem: null,
  };
}

/** Last resort for mail the MIME parser rejects: keep what the header block says. */
function fromHeadersOnly(raw: Uint8Array, sizeBytes: number, contentHash: string, problem: string): ParsedMessage {
  const head = Buffer.from(raw.subarray(0, 65_536)).toString('latin1');
  const headerBlock = head.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  const get = (name: string) => unfolded.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im'))?.[1]?.trim();
  const messageId = normalizeMessageId(get('message-id'));
  const fromHeader = get('from') ?? '';
  const fromAddress = normalizeAddress(fromHeader.match(/<([^>]+)>/)?.[1] ?? fromHeader.match(/[^\s<>"]+@[^\s<>"]+/)?.[0]);
  const body = Buffer.from(raw).toString('utf8');
  const bodyStart = body.search(/\r?\n\r?\n/);
  const messageKey = messageId ?? `sha256:${contentHash}`;
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
    date: parseDate(get('date')),
    bodyText: cleanText(bodyStart >= 0 ? body.slice(bodyStart).trim() : null),
    bodyHtml: null,
    hasAttachments: false,
    attachments: [],
    sizeBytes,
    contentHash,
    headers: {},
    parseProblem: cleanText(`MIME parse failed: ${problem}`, 1000),
  };
}
