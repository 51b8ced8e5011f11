import { isAscii, isUtf8 } from 'node:buffer';
import PostalMime, { type Email } from 'postal-mime';
import { typeOfName } from './binary-content.ts';
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
  /**
   * Lower-case type/subtype. No Content-Type, or one that is not type/subtype, is text/plain (RFC
   * 2045 section 5.2), except a bare binary top-level type ("image"): then the file name's type,
   * else application/octet-stream. A multipart whose parts cannot be found is text/plain too.
   */
  type: string;
  /** The type is RFC 2045's default, not one the part declares. */
  typeDefaulted: boolean;
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
  /** What was repaired to read the part (a parse problem worth recording), if anything. */
  problem?: string;
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

const TOKEN = "[!#$%&'*+.^_`{|}~0-9a-z-]+";
const TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`, 'i');
/** "image/png name=a.png": a type and a parameter whose ';' is missing. */
const TYPE_THEN_PARAMETER = new RegExp(`^\\s*(${TOKEN}/${TOKEN})\\s+(${TOKEN})\\s*=\\s*(?:"([^"]*)"|([^\\s;]+))`, 'i');
/** Top-level types of data, never text, even without their subtype. */
const BINARY_TOP_LEVEL = /^(?:image|audio|video|application|font|model)$/;

type ResolvedType = { type: string; params: Record<string, string>; defaulted: boolean };

/** The part's type as RFC 2045 reads it, salvaging what a broken Content-Type still says. */
function resolveType(node: PostalNode): ResolvedType {
  const declared = node.contentType.parsed.value;
  const params = node.contentType.parsed.params;
  if (TYPE.test(declared)) return { type: declared, params, defaulted: !node.headers.some((h) => h.key === 'content-type') };
  const salvaged = TYPE_THEN_PARAMETER.exec(node.contentType.value);
  if (salvaged) {
    return {
      type: salvaged[1]!.toLowerCase(),
      params: { ...params, [salvaged[2]!.toLowerCase()]: salvaged[3] ?? salvaged[4]! },
      defaulted: false,
    };
  }
  if (node.contentType.multipart) return { type: declared, params, defaulted: false };
  if (BINARY_TOP_LEVEL.test(declared)) {
    const name = node.contentDisposition.parsed.params.filename || params.name;
    return { type: typeOfName(name) ?? 'application/octet-stream', params, defaulted: false };
  }
  return { type: 'text/plain', params, defaulted: true };
}

/** Whether a line of the multipart's body is a delimiter of the boundary postal-mime read it with. */
function isDelimited(node: PostalNode, raw: Uint8Array): boolean {
  const boundary = node.contentType.parsed.params.boundary;
  if (!boundary) return false;
  const delimiter = `--${boundary}`;
  const body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1', node.bodyStart, node.bodyEnd);
  return body.split(/\r?\n/).some((line) => line.startsWith(delimiter) && /^(?:--)?[ \t]*$/.test(line.slice(delimiter.length)));
}

function toPart(node: PostalNode, raw: Uint8Array): MimePart {
  const { type, params, defaulted } = resolveType(node);
  const isLeaf = node.childNodes.length === 0 && !node.contentType.multipart;
  // A multipart with no part found keeps its body, to be read again (repairMultiparts), unless
  // the boundary postal-mime used delimits it: then it is empty as written.
  const keepsBody = node.childNodes.length === 0 && node.bodyStart !== undefined && (isLeaf || !isDelimited(node, raw));
  return {
    type,
    typeDefaulted: defaulted,
    params,
    disposition: node.contentDisposition.parsed.value,
    dispositionParams: node.contentDisposition.parsed.params,
    transferEncoding: node.contentTransferEncoding.encoding,
    contentId: node.contentId ?? null,
    headers: node.headers,
    children: node.childNodes.map((child) => toPart(child, raw)),
    content: isLeaf && node.content ? new Uint8Array(node.content) : null,
    rawBody: keepsBody ? raw.subarray(node.bodyStart, node.bodyEnd) : isLeaf ? new Uint8Array(0) : null,
  };
}

/** Part header fields that say a MIME part starts. */
const PART_FIELD = /^content-(?:type|transfer-encoding|disposition|id)[ \t]*:/i;
const FIELD = /^[!-9;-~]+[ \t]*:|^[ \t]/;

/**
 * The boundary a multipart's parts use when its own is missing or wrong: the first delimiter-like
 * line ("--" and 1 to 70 characters, RFC 2046 section 5.1.1) followed by a header block (field lines
 * up to an empty line) with a Content-Type, Content-Transfer-Encoding, Content-Disposition or
 * Content-ID field.
 */
function boundaryOfParts(body: string): string | null {
  const lines = body.split(/\r?\n/);
  for (let i = 0; i < lines.length - 1; i++) {
    const delimiter = /^--([^\s"][^"]{0,69}?)[ \t]*$/.exec(lines[i]!);
    if (!delimiter) continue;
    for (let k = i + 1; k < lines.length && FIELD.test(lines[k]!); k++) {
      if (PART_FIELD.test(lines[k]!)) return delimiter[1]!;
    }
  }
  return null;
}

/**
 * A multipart in which no part was found: its boundary parameter is missing or broken, or no line
 * of its body is its delimiter. When its body has delimiter lines followed by part headers, it is
 * read again with that boundary; otherwise it is the text/plain RFC 2045 section 5.2 reads a
 * broken Content-Type as (when it holds more than white space). A multipart whose own delimiter is
 * there is empty as written: toPart keeps no body for it.
 */
async function repairMultiparts(part: MimePart, options: { maxNestingDepth: number }): Promise<void> {
  for (const child of part.children) await repairMultiparts(child, options);
  if (!part.type.startsWith('multipart/') || part.children.length > 0 || !part.rawBody) return;
  const rawBody = part.rawBody;
  part.rawBody = null;
  const body = Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength).toString('latin1');
  const declared = part.params.boundary;
  const boundary = boundaryOfParts(body);
  if (boundary) {
    const head = Buffer.from(`Content-Type: ${part.type}; boundary="${boundary}"\r\n\r\n`, 'latin1');
    const reread = await readMimeTree(Buffer.concat([head, rawBody]), options);
    if (reread.root.children.length > 0) {
      part.children = reread.root.children;
      const why = !declared
        ? 'has no boundary'
        : declared === boundary
          ? 'has a broken boundary parameter'
          : 'has a boundary its parts do not use';
      part.problem = `A ${part.type} part ${why}: read with its parts' boundary`;
      return;
    }
  }
  if (!body.trim()) return;
  part.problem = `A ${part.type} part has no parts ${declared ? 'with its boundary' : '(no boundary)'}: read as text/plain`;
  Object.assign(part, { type: 'text/plain', typeDefaulted: true, params: {}, transferEncoding: '', content: rawBody, rawBody });
}

/** The message's header fields (postal-mime's `Email`, bodies left out) and its part tree. */
export async function readMimeTree(raw: Uint8Array, options: { maxNestingDepth: number }): Promise<MimeTree> {
  const reader = new TreeReader({ attachmentEncoding: 'arraybuffer', maxNestingDepth: options.maxNestingDepth });
  const email = await reader.parse(raw);
  const root = (reader as unknown as { root: PostalNode }).root;
  // postal-mime parses a copy of the input: the body offsets are offsets into that copy, which equals `raw`.
  const tree = { email, root: toPart(root, raw) };
  await repairMultiparts(tree.root, options);
  return tree;
}
