/**
 * Penman stores at most MAX_BODY_CHARS characters of a message's text and HTML, yet postal-mime
 * decodes a text part whole, at about twelve times its size in memory: one 24 MB text/plain
 * message took a parse thread from 100 MB to 390 MB of RSS. So before parsing, a text part whose
 * body is longer than `maxBytes` keeps only its first lines up to `maxBytes`; the rest, which would
 * be cut after decoding anyway, is never decoded. Cuts fall at line ends, so no line, multi-byte
 * character, base64 quantum (of standard 76-character lines) or quoted-printable escape is split;
 * a body of one longer line is cut between base64 quanta and outside escapes.
 *
 * The structure is followed by the boundaries the multipart headers declare: a part is cut when
 * its header block says text/plain or text/html and no attachment, or, for a message that is not
 * multipart, says no type at all.
 */

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const EQUALS = 0x3d;

type PartType = { text: boolean; boundary: string | null };

/**
 * `text`: a body postal-mime makes the message's text or HTML (text/plain or text/html, not an
 * attachment; a text/csv or an attached text keeps its whole size as an attachment's).
 */
function partType(headerBlock: string, atMessageStart: boolean): PartType {
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  if (/^content-disposition:[ \t]*attachment/im.test(unfolded)) return { text: false, boundary: null };
  const types = unfolded.match(/^content-type:.*$/gim);
  if (!types) return { text: atMessageStart, boundary: null };
  if (types.length !== 1) return { text: false, boundary: null };
  const type = types[0]!;
  if (/^content-type:[ \t]*multipart\//i.test(type)) {
    const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^\s;]+))/i.exec(type);
    return { text: false, boundary: match ? (match[1] ?? match[2])!.trim() : null };
  }
  return { text: /^content-type:[ \t]*text\/(plain|html)[ \t]*(;|$)/i.test(type), boundary: null };
}

/** Whether the line [start, end) is "--boundary" or "--boundary--" for a declared boundary. */
function isBoundaryLine(raw: Buffer, start: number, end: number, boundaries: Set<string>): boolean {
  if (raw[start] !== DASH || raw[start + 1] !== DASH || boundaries.size === 0) return false;
  let line = raw.toString('latin1', start + 2, Math.min(end, start + 2 + 80)).trimEnd();
  if (boundaries.has(line)) return true;
  if (line.endsWith('--')) line = line.slice(0, -2);
  return boundaries.has(line);
}

/** The end of the line starting at `pos`, without its '\n' and '\r'. */
function contentEnd(raw: Buffer, pos: number, newline: number): number {
  const lineEnd = newline < 0 ? raw.length : newline;
  return lineEnd > pos && raw[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
}

/** Where the body starting at `start` ends: at the next boundary line, or the message's end. */
function bodyEnd(raw: Buffer, start: number, boundaries: Set<string>): number {
  for (let candidate = start; candidate < raw.length; ) {
    if (raw[candidate] === DASH && isBoundaryLine(raw, candidate, contentEnd(raw, candidate, raw.indexOf(LF, candidate)), boundaries)) {
      return candidate;
    }
    const next = raw.indexOf('\n--', candidate);
    if (next < 0) return raw.length;
    candidate = next + 1;
  }
  return raw.length;
}

/**
 * Where to cut a body starting at `start` to at most `maxBytes`: after its last whole line; in a
 * single longer line, at a whole number of base64 quanta and outside a quoted-printable escape.
 */
function cutPoint(raw: Buffer, start: number, maxBytes: number): number {
  const newline = raw.lastIndexOf(LF, start + maxBytes - 1);
  if (newline >= start) return newline + 1;
  let cut = start + maxBytes - (maxBytes % 4);
  while (cut > start && (raw[cut - 1] === EQUALS || raw[cut - 2] === EQUALS)) cut -= 4;
  return cut;
}

/** The message with every text body longer than `maxBytes` shortened to its first lines, or null when none is. */
export function cutLongTextBodies(message: Uint8Array, maxBytes: number): Uint8Array | null {
  if (message.byteLength <= maxBytes) return null;
  const raw = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  const boundaries = new Set<string>();
  const pieces: Uint8Array[] = [];
  let kept = 0;
  let headerStart: number | null = 0;
  let pos = 0;
  while (pos < raw.length) {
    const newline = raw.indexOf(LF, pos);
    const next = newline < 0 ? raw.length : newline + 1;
    const end = contentEnd(raw, pos, newline);
    if (headerStart === null) {
      if (isBoundaryLine(raw, pos, end, boundaries)) headerStart = next;
    } else if (end === pos) {
      const atMessageStart = headerStart === 0;
      const part = partType(raw.toString('latin1', headerStart, pos), atMessageStart);
      headerStart = null;
      if (part.boundary) boundaries.add(part.boundary);
      else if (atMessageStart && !part.text) return null;
      if (part.text) {
        const bodyStop = atMessageStart ? raw.length : bodyEnd(raw, next, boundaries);
        if (bodyStop - next > maxBytes) {
          pieces.push(raw.subarray(kept, cutPoint(raw, next, maxBytes)));
          kept = bodyStop;
        }
        pos = bodyStop;
        continue;
      }
    }
    pos = next;
  }
  if (pieces.length === 0) return null;
  pieces.push(raw.subarray(kept));
  return Buffer.concat(pieces);
}
