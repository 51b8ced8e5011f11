import { randomBytes } from 'node:crypto';

/**
 * Penman keeps an attachment's name, type and size, never its content, yet postal-mime decodes
 * every base64 body line by line (and has no option to skip it): a 100 KB attachment cost more
 * than parsing ten plain messages. So before parsing, large base64 bodies of non-text parts are
 * replaced by a short marker that decodes to a per-process random token plus the part's index,
 * and their decoded size is computed from the base64 text (exact: only bodies of clean base64
 * lines are cut). The parse of the shortened message is only used when every marker comes back
 * as exactly one attachment's content; otherwise the caller parses the original.
 */

// A part this small costs less to decode than to think about.
const MIN_BODY_BYTES = 4096;
const MIN_MESSAGE_BYTES = 16 * 1024;
const TOKEN = randomBytes(15);
const MARKER_BYTES = TOKEN.length + 3;

const LF = 0x0a;
const CR = 0x0d;
const DASH = 0x2d;
const EQUALS = 0x3d;
const BASE64 = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') BASE64[c.charCodeAt(0)] = 1;

// Types postal-mime turns into text (bodies, nested messages, calendar text) keep their content.
const KEEP_TYPE = /^(text|message|multipart)\/|^application\/ics$/;

type CutMessage = {
  raw: Uint8Array;
  /** Decoded size of each cut body, by marker index. */
  sizes: number[];
};

function marker(index: number): string {
  return Buffer.concat([TOKEN, Buffer.from([index >> 16, (index >> 8) & 0xff, index & 0xff])]).toString('base64');
}

/** The index a marker decodes to, or -1 when `content` is not one of this process's markers. */
export function markerIndex(content: ArrayBuffer | Uint8Array | string): number {
  if (typeof content === 'string' || content.byteLength !== MARKER_BYTES) return -1;
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  for (let i = 0; i < TOKEN.length; i++) if (bytes[i] !== TOKEN[i]) return -1;
  return (bytes[TOKEN.length]! << 16) | (bytes[TOKEN.length + 1]! << 8) | bytes[TOKEN.length + 2]!;
}

/** What postal-mime's base64 decoder makes of `chars` base64 characters with no '=' inside. */
function decodedSize(chars: number): number {
  const rest = chars % 4;
  return Math.floor(chars / 4) * 3 + (rest > 1 ? rest - 1 : 0);
}

/** The content type if this header block declares a base64 body that may be cut, else null. */
function cuttableType(headerBlock: string): string | null {
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  const encodings = unfolded.match(/^content-transfer-encoding:.*$/gim);
  const types = unfolded.match(/^content-type:.*$/gim);
  if (encodings?.length !== 1 || types?.length !== 1) return null;
  if (!/^content-transfer-encoding:[ \t]*base64[ \t]*$/i.test(encodings[0]!.trimEnd())) return null;
  const type = types[0]!.match(/^content-type:[ \t]*([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)[ \t]*(;|$)/i)?.[1]?.toLowerCase();
  return type && !KEEP_TYPE.test(type) ? type : null;
}

/**
 * Scans a base64 body starting at `start` up to the next line that starts with "--" (the next
 * boundary) or the end: its end and base64 character count, or null when a line holds anything
 * but base64 characters (then postal-mime's own handling of the oddity is kept).
 */
function scanBase64Body(raw: Buffer, start: number): { end: number; chars: number } | null {
  let chars = 0;
  let padded = false;
  let pos = start;
  while (pos < raw.length) {
    if (raw[pos] === DASH && raw[pos + 1] === DASH) return { end: pos, chars };
    const newline = raw.indexOf(LF, pos);
    const lineEnd = newline < 0 ? raw.length : newline;
    const contentEnd = lineEnd > pos && raw[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
    let i = pos;
    while (i < contentEnd && BASE64[raw[i]!]) i++;
    if (i < contentEnd) {
      // Padding only at the very end: '=' inside would start a new unit in postal-mime's decoder.
      if (padded) return null;
      const dataEnd = i;
      while (i < contentEnd && raw[i] === EQUALS) i++;
      if (i < contentEnd) return null;
      padded = true;
      chars += dataEnd - pos;
    } else if (contentEnd > pos) {
      if (padded) return null;
      chars += contentEnd - pos;
    }
    pos = newline < 0 ? raw.length : newline + 1;
  }
  return { end: raw.length, chars };
}

/** The message with large attachment bodies replaced by markers, or null when nothing was cut. */
export function cutAttachmentBodies(message: Uint8Array): CutMessage | null {
  if (message.byteLength < MIN_MESSAGE_BYTES) return null;
  const raw = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  const pieces: Uint8Array[] = [];
  const sizes: number[] = [];
  let kept = 0;
  // Part headers start the message and follow every line starting with "--" (a boundary; a text
  // line that merely looks like one is harmless: its "headers" will not declare a base64 body, and
  // the next boundary starts over).
  let headerStart: number | null = 0;
  let pos = 0;
  while (pos < raw.length) {
    const newline = raw.indexOf(LF, pos);
    const next = newline < 0 ? raw.length : newline + 1;
    const lineEnd = newline < 0 ? raw.length : newline;
    const empty = lineEnd === pos || (lineEnd === pos + 1 && raw[pos] === CR);
    if (raw[pos] === DASH && raw[pos + 1] === DASH) {
      headerStart = next;
    } else if (headerStart !== null) {
      if (empty) {
        const type = cuttableType(raw.toString('latin1', headerStart, pos));
        headerStart = null;
        const body = type ? scanBase64Body(raw, next) : null;
        if (body && body.chars >= MIN_BODY_BYTES) {
          pieces.push(raw.subarray(kept, next), Buffer.from(`${marker(sizes.length)}\r\n`, 'latin1'));
          sizes.push(decodedSize(body.chars));
          kept = body.end;
          pos = body.end;
          continue;
        }
      }
    }
    pos = next;
  }
  if (sizes.length === 0) return null;
  pieces.push(raw.subarray(kept));
  return { raw: Buffer.concat(pieces), sizes };
}
