import { parseMailboxes } from './addresses.ts';
import { isBinaryName, looksBinary, typeOfName } from './binary-content.ts';
import { type DecodedText, decodeText } from './charsets.ts';
import { decodeHeaderText } from './encoded-words.ts';
import { htmlToText } from './html-to-text.ts';
import { type MimePart, readMimeTree } from './mime-tree.ts';

/**
 * What a message shows, from its part tree, as a good mail client reads it:
 * - multipart/alternative: the richest alternative Penman can show (the last with HTML or text) is
 *   the HTML; the text comes from its text/plain sibling when there is one (never both joined);
 * - multipart/related: its root part is the body, the rest are inline resources (attachments);
 * - other multiparts (mixed, report, signed, unknown): every inline part in order;
 * - text/plain and text/html not marked attachment and without a file name are body text (a named
 *   or attached text part is an attachment, as is every other type), except the message's only part;
 * - a text part is never the body when it holds data (binary-content.ts): its file name says an
 *   image, an archive, a PDF..., or its content is binary (a missing or defaulted Content-Type over
 *   base64 of an image); it is an attachment, even as the message's only part;
 * - an inline message/rfc822 is shown as a short header block and its own body (up to a depth);
 * - text is decoded by charsets.ts; a part labelled base64 whose body is not base64 (words and
 *   spaces: a plain text body mislabelled) keeps its raw text and records the problem.
 */

export type Attachment = {
  filename: string | null;
  contentType: string;
  contentId: string | null;
  disposition: string | null;
  /** The decoded content, or the attachment-bodies.ts marker standing for it. */
  content: Uint8Array;
};

/** One piece of the body: text, or HTML with its text made only when asked for. */
type Segment = { text: string; html: null } | { html: string; text?: string };

export type MessageParts = { text: string | null; html: string | null; attachments: Attachment[]; problems: string[] };

/** Parts that hold a whole message (RFC 822, its internationalized form RFC 6532, a news article). */
const INLINE_MESSAGE = new Set(['message/rfc822', 'message/global', 'message/news']);

/** Inline message/rfc822 parts are shown nested this deep at most; deeper ones are attachments. */
const MAX_NESTED_MESSAGES = 10;

/** The start of an HTML document (maybe after comments and a doctype): tested on text/plain. */
const HTML_DOCUMENT_START = /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype html[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<html[\s>]/i;
const isHtmlDocument = (text: string) => text.trimStart().startsWith('<') && HTML_DOCUMENT_START.test(text);

const textOf = (segment: Segment): string => {
  if (segment.html === null) return segment.text;
  segment.text ??= htmlToText(segment.html);
  return segment.text;
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlOf = (segment: Segment): string =>
  segment.html === null ? `<pre style="white-space:pre-wrap">${escapeHtml(segment.text)}</pre>` : segment.html;

function filenameOf(part: MimePart): string | null {
  const name = part.dispositionParams.filename || part.params.name;
  return name ? decodeHeaderText(name).trim() || null : null;
}

/**
 * Decoded text that is no text: control characters (NUL, most C0 and C1) or replaced bytes in more
 * than 1 % of it, as a damaged base64 body gives once decoded (text pasted into it shifts the rest).
 */
function isJunk(text: string): boolean {
  const length = Math.min(text.length, 4096);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    // Tab, line feed, vertical tab, form feed, carriage return and escape occur in real text.
    if ((c < 0x20 && !(c >= 0x09 && c <= 0x0d) && c !== 0x1b) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) controls++;
  }
  return controls > length / 100;
}

/** Past this share of characters outside the base64 alphabet, a "base64" body is text mislabelled. */
const NOT_BASE64_SHARE = 0.05;

const BASE64_OR_SPACE = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \t\r\n') BASE64_OR_SPACE[c.charCodeAt(0)] = 1;

/**
 * The characters of a "base64" body that base64 does not have: `inLines` counts spaces and tabs
 * inside its lines too (base64 lines have none; text has one every few letters), `all` only the
 * rest (what the decoder skips).
 */
function nonBase64Shares(raw: Uint8Array): { inLines: number; all: number } {
  let others = 0;
  let spaces = 0;
  let counted = 0;
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    counted += trimmed.length;
    for (let i = 0; i < trimmed.length; i++) {
      const c = trimmed.charCodeAt(i);
      if (c === 0x20 || c === 0x09) spaces++;
      else if (!BASE64_OR_SPACE[c]) others++;
    }
  }
  return counted ? { inLines: (others + spaces) / counted, all: others / counted } : { inLines: 0, all: 0 };
}

/** flowed text (RFC 3676): soft line breaks after a trailing space are joined. */
function unflow(text: string, delSp: boolean): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.startsWith(' ') ? line.slice(1) : line))
    .reduce<string[]>((lines, line) => {
      const previous = lines[lines.length - 1];
      if (previous?.endsWith(' ') && previous !== '-- ') {
        lines[lines.length - 1] = (delSp ? previous.slice(0, -1) : previous) + line;
      } else lines.push(line);
      return lines;
    }, [])
    .join('\n');
}

class PartsCollector {
  readonly attachments: Attachment[] = [];
  readonly problems: string[] = [];

  constructor(private readonly depth: number) {}

  private attach(part: MimePart, filename = filenameOf(part), contentType = part.type) {
    this.attachments.push({
      filename,
      contentType,
      contentId: part.contentId,
      disposition: part.disposition || null,
      content: part.content ?? new Uint8Array(0),
    });
  }

  private note(problem: string) {
    if (!this.problems.includes(problem) && this.problems.length < 10) this.problems.push(problem);
  }

  /**
   * The text of a text part, decoded, or null when it holds data (binary-content.ts). A body
   * labelled base64 that is not (words and spaces in its lines, or junk once decoded: text pasted
   * into base64) keeps its raw text; quoted-printable decodes harmlessly whatever the text.
   */
  private decodeTextPart(part: MimePart): string | null {
    const charset = part.params.charset;
    const content = part.content ?? new Uint8Array(0);
    const strangers = part.transferEncoding === 'base64' && part.rawBody !== null ? nonBase64Shares(part.rawBody) : null;
    const base64Shaped = !strangers || strangers.inLines <= NOT_BASE64_SHARE;
    if (base64Shaped && looksBinary(content, charset)) return null;
    let decoded: DecodedText = decodeText(content, charset);
    if (strangers && (!base64Shaped || isJunk(decoded.text))) {
      this.note(`A ${part.type} part labelled base64 is not base64: its raw text is kept`);
      decoded = decodeText(part.rawBody!, charset);
      decoded.text = decoded.text.replace(/\r\n/g, '\n');
    } else if (strangers && strangers.all > 0) {
      this.note(`A ${part.type} part's base64 holds other characters: decoded without them`);
    }
    if (decoded.guessed) this.note(`Body charset: ${decoded.guessed}; read as ${decoded.charset}`);
    const text = decoded.text;
    return /^flowed$/i.test(part.params.format ?? '') ? unflow(text, /^yes$/i.test(part.params.delsp ?? '')) : text;
  }

  private isBodyText(part: MimePart, only: boolean): boolean {
    if (part.type !== 'text/plain' && part.type !== 'text/html') return false;
    const filename = filenameOf(part);
    // A name that says an image, an archive, a PDF... is an attachment's, whatever the type says.
    if (isBinaryName(filename)) return false;
    if (only) return true;
    return part.disposition !== 'attachment' && !filename;
  }

  /** A text part that holds data: an attachment, typed by its name or as octet-stream when its type was defaulted. */
  private attachData(part: MimePart) {
    const filename = filenameOf(part);
    this.note(`A ${part.type} part holds binary data: listed as an attachment`);
    this.attach(part, filename, part.typeDefaulted ? (typeOfName(filename) ?? 'application/octet-stream') : part.type);
  }

  /** The body segments of `part` (attachments found on the way are collected). */
  async collect(part: MimePart, only = false, inReport = false): Promise<Segment[]> {
    if (part.problem) this.note(part.problem);
    if (part.type.startsWith('multipart/')) {
      const subtype = part.type.slice('multipart/'.length);
      if (subtype === 'alternative') return this.alternative(part);
      if (subtype === 'related' && part.children.length > 0) {
        const start = part.params.start;
        const root = (start && part.children.find((child) => child.contentId === start)) || part.children[0]!;
        const body = await this.collect(root);
        for (const child of part.children) if (child !== root) await this.collect(child);
        return body;
      }
      const segments: Segment[] = [];
      for (const child of part.children) segments.push(...(await this.collect(child, false, inReport || subtype === 'report')));
      return segments;
    }
    if (INLINE_MESSAGE.has(part.type) && part.disposition !== 'attachment' && !inReport && this.depth < MAX_NESTED_MESSAGES) {
      return this.nestedMessage(part);
    }
    if (this.isBodyText(part, only)) {
      const text = this.decodeTextPart(part);
      if (text === null) {
        this.attachData(part);
        return [];
      }
      if (part.type === 'text/html') return [{ html: text }];
      // Old gateways relabelled HTML mail text/plain: a whole HTML document is shown as one.
      if (isHtmlDocument(text)) {
        this.note('A text/plain part holds an HTML document: read as HTML');
        return [{ html: text }];
      }
      return [{ text, html: null }];
    }
    if (part.content) {
      // A part typed text (or not typed) but named as data (photo.png) is filed under the type its name says.
      const filename = filenameOf(part);
      const textual = part.typeDefaulted || part.type === 'text/plain' || part.type === 'text/html';
      this.attach(part, filename, textual && isBinaryName(filename) ? typeOfName(filename)! : part.type);
    }
    return [];
  }

  private async alternative(part: MimePart): Promise<Segment[]> {
    const options: Segment[][] = [];
    for (const child of part.children) options.push(await this.collect(child));
    const richest = options.findLast((segments) => segments.length > 0);
    if (!richest) return [];
    const plain = options.findLast((segments) => segments.length > 0 && segments.every((s) => s.html === null));
    if (!plain || plain === richest || richest.every((s) => s.html === null)) return richest;
    // One segment: the richest alternative's HTML with the text of its text/plain sibling.
    return [{ html: richest.map(htmlOf).join('\n'), text: plain.map(textOf).join('\n') }];
  }

  private async nestedMessage(part: MimePart): Promise<Segment[]> {
    const content = part.content ?? new Uint8Array(0);
    let nested: Awaited<ReturnType<typeof readMimeTree>>;
    try {
      nested = await readMimeTree(content, { maxNestingDepth: 64 });
    } catch {
      this.attach(part);
      return [];
    }
    const header = (key: string) => nested.email.headers.find((h) => h.key === key)?.value;
    const addresses = (key: string) =>
      parseMailboxes(header(key))
        .map((m) => (m.name ? `${m.name} <${m.address}>` : m.address))
        .join(', ');
    const lines = [
      ['From', addresses('from')],
      ['Subject', decodeHeaderText(header('subject') ?? '')],
      ['Date', header('date') ?? ''],
      ['To', addresses('to')],
    ]
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}: ${value}`);
    const inner = new PartsCollector(this.depth + 1);
    const body = await inner.collect(nested.root, true);
    this.attachments.push(...inner.attachments);
    for (const problem of inner.problems) this.note(problem);
    return [{ text: lines.join('\n'), html: null }, ...body];
  }
}

/** The body text, HTML and attachments of a message's part tree. */
export async function collectParts(root: MimePart): Promise<MessageParts> {
  const collector = new PartsCollector(0);
  const segments = await collector.collect(root, true);
  const text = segments.length > 0 ? segments.map(textOf).join('\n') : null;
  const html = segments.some((s) => s.html !== null) ? segments.map(htmlOf).join('\n') : null;
  return { text, html, attachments: collector.attachments, problems: collector.problems };
}
