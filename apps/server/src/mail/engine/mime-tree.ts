import { isAscii, isUtf8 } from 'node:buffer';
import PostalMime, { type Email } from 'postal-mime';
import { decodeText } from './charsets.ts';

/**
 * postal-mime (pinned at 4.0.0) reads the structure: boundaries, header lines, transfer encodings,
 * nesting limits; it is the fastest parser measured here (docs/decisions/017). What it then makes of
 * the parts (which text is the body, in which charset, what is an attachment) is Penman's
 * (message-parts.ts): postal-mime decodes text with TextDecoder only (no UTF-7, no detection) and
 * joins alternatives of some shapes. So this reader stops after the tree and hands it over.
 *
 * It relies on three internals of postal-mime 4.0.0 (typed below): the tree at `root`, the
 * `collectNode`/`renderTextContent` steps it switches off, and `processLine`, which it wraps to
 * note where each part's body lies in the raw message and to re-encode header lines whose 8-bit
 * bytes are not UTF-8 (postal-mime reads header lines as UTF-8, turning Latin-1 bytes into U+FFFD).
 * The corpus tests in parse-message.test.ts fail if an upgrade changes any of them.
 */

type StructuredHeader = { value: string; params: Record<string, string> };

/** The fields of postal-mime's MimeNode this module reads. */
type PostalNode = {
  state: 'header' | 'body' | 'finished';
  contentType: { value: string; parsed: StructuredHeader; multipart: string | false };
  contentDisposition: { value: string; parsed: StructuredHeader };
  contentTransferEncoding: { value: string; encoding: string };
  contentId?: string;
  headers: { key: string; value: string }[];
  childNodes: PostalNode[];
  content: ArrayBuffer | null;
  // Added by this reader.
  headerStart?: number;
  bodyStart?: number;
  bodyEnd?: number;
};

/** One part of a message. */
export type MimePart = {
  /** Lower-case type/subtype; a type with no subtype is text/plain (RFC 2045 section 5.2). */
  type: string;
  params: Record<string, string>;
  /** 'attachment', 'inline', other tokens as written, or '' when absent. */
  disposition: string;
  dispositionParams: Record<string, string>;
  transferEncoding: string;
  contentId: string | null;
  headers: { key: string; value: string }[];
  children: MimePart[];
  /** The body after transfer decoding (leaves only). */
  content: Uint8Array | null;
  /** The body as it is in the message, before transfer decoding (leaves only). */
  rawBody: Uint8Array | null;
};

export type MimeTree = { email: Email; root: MimePart };

/** Where the header block holding `from` ends: its empty line, or the end. */
function headerBlockEnd(raw: Buffer, from: number): number {
  const ends = [raw.indexOf('\n\n', from), raw.indexOf('\n\r\n', from)].filter((at) => at >= 0);
  return ends.length ? Math.min(...ends) : raw.length;
}

/** The charset a header block's Content-Type declares, if any. */
function declaredCharset(block: string): string | undefined {
  return /^content-type:[^\n]*?;\s*charset\s*=\s*"?([^";\s]+)/im.exec(block.replace(/\r?\n[ \t]+/g, ' ').replace(/\r/g, ''))?.[1];
}

/**
 * A header line with 8-bit bytes that are not UTF-8, as UTF-8: inside a Q encoded-word each such
 * byte becomes an `=XX` escape (decoded later in the word's own charset); elsewhere the bytes are
 * read in the block's declared charset, else windows-1252 (UTF-8 when valid never gets here).
 */
export function reencodeHeaderLine(line: Uint8Array, charset: string | undefined): Uint8Array {
  const text = Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('latin1');
  const outside = (segment: string) => (/[\x80-\xff]/.test(segment) ? decodeText(Buffer.from(segment, 'latin1'), charset).text : segment);
  let out = '';
  let last = 0;
  for (const word of text.matchAll(/=\?[^?\s]*\?[Qq]\?[^?]*\?=/g)) {
    out += outside(text.slice(last, word.index));
    out += word[0].replace(/[\x80-\xff]/g, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase()}`);
    last = word.index + word[0].length;
  }
  out += outside(text.slice(last));
  return new Uint8Array(Buffer.from(out, 'utf8'));
}

const postalProcessLine = (PostalMime.prototype as unknown as { processLine: (line: Uint8Array, isFinal: boolean) => Promise<void> })
  .processLine;

const SPACE = 0x20;
const TAB = 0x09;
const DASH = 0x2d;
const COLON = 0x3a;

/** A header field line (`Name:`), a folded continuation, or a boundary-looking line (left to postal-mime). */
function isFieldOrFold(line: Uint8Array): boolean {
  const first = line[0]!;
  if (first === SPACE || first === TAB || (first === DASH && line[1] === DASH)) return true;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === COLON) return i > 0;
    // Field names are printable ASCII; whitespace may only come right before the colon.
    if (c <= SPACE || c >= 0x7f) {
      while (i < line.length && (line[i] === SPACE || line[i] === TAB)) i++;
      return i > 0 && line[i] === COLON;
    }
  }
  return false;
}

class TreeReader extends PostalMime {
  // The default steps that turn the tree into text, HTML and attachments: Penman does its own.
  async collectNode(): Promise<void> {}
  renderTextContent(): void {}

  async processLine(line: Uint8Array<ArrayBuffer>, isFinal: boolean): Promise<void> {
    const self = this as unknown as { currentNode: PostalNode; av: Uint8Array };
    const node = self.currentNode;
    const wasBody = node.state === 'body';
    if (node.state === 'header') {
      // A line that is no header field after the first one starts the body: the separating empty
      // line is missing (RFC 5322 needs it; mail clients and Python read it this way).
      if (node.headerStart !== undefined && line.length > 0 && !isFieldOrFold(line)) {
        await postalProcessLine.call(this, new Uint8Array(line.buffer, line.byteOffset, 0), false);
        return this.processLine(line, isFinal);
      }
      node.headerStart ??= line.byteOffset;
      if (!isAscii(line) && !isUtf8(line)) {
        const all = Buffer.from(self.av.buffer, self.av.byteOffset, self.av.byteLength);
        const block = all.toString('latin1', node.headerStart, headerBlockEnd(all, line.byteOffset));
        line = reencodeHeaderLine(line, declaredCharset(block)) as Uint8Array<ArrayBuffer>;
      }
    }
    await postalProcessLine.call(this, line, isFinal);
    // A line fed to a part in its body state is body (boundary lines switch the current part).
    if (wasBody && self.currentNode === node) {
      node.bodyStart ??= line.byteOffset;
      node.bodyEnd = line.byteOffset + line.byteLength;
    }
  }
}

function toPart(node: PostalNode, raw: Uint8Array): MimePart {
  const declared = node.contentType.parsed.value;
  const type = declared.includes('/') ? declared : node.contentType.multipart ? declared : 'text/plain';
  const isLeaf = node.childNodes.length === 0 && !node.contentType.multipart;
  return {
    type,
    params: node.contentType.parsed.params,
    disposition: node.contentDisposition.parsed.value,
    dispositionParams: node.contentDisposition.parsed.params,
    transferEncoding: node.contentTransferEncoding.encoding,
    contentId: node.contentId ?? null,
    headers: node.headers,
    children: node.childNodes.map((child) => toPart(child, raw)),
    content: isLeaf && node.content ? new Uint8Array(node.content) : null,
    rawBody: isLeaf && node.bodyStart !== undefined ? raw.subarray(node.bodyStart, node.bodyEnd) : isLeaf ? new Uint8Array(0) : null,
  };
}

/** The message's header fields (postal-mime's `Email`, bodies left out) and its part tree. */
export async function readMimeTree(raw: Uint8Array, options: { maxNestingDepth: number }): Promise<MimeTree> {
  const reader = new TreeReader({ attachmentEncoding: 'arraybuffer', maxNestingDepth: options.maxNestingDepth });
  const email = await reader.parse(raw);
  const root = (reader as unknown as { root: PostalNode }).root;
  // postal-mime parses a copy of the input: the body offsets are offsets into that copy, which equals `raw`.
  return { email, root: toPart(root, raw) };
}
