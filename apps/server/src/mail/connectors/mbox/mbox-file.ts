import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { fromLineDate, HeaderPeek } from './header-peek.ts';
import { HEADER_BLOCK_MAX_BYTES, headerBlock, IMPORT_LIMITS, OMIT_NONE, OMIT_TOO_LARGE } from './limits.ts';
import { IndexBuilder, type MessageIndex } from './message-index.ts';

/**
 * mbox files (Google Takeout, Thunderbird, mutt, Python's mailbox): messages separated by
 * `From sender date` lines. A message starts at a From_ line at the start of the file or after a
 * blank line, when the line looks like one (a month name, a time and a year); a body line
 * "From ..." is escaped as ">From ..." by mboxrd writers and un-escaped on read. LF and CRLF files
 * both work; a last message without a final newline is kept whole. A message larger than the
 * import's limit is indexed as such, and only its header block is ever read.
 */

/** How much of a line the scanner looks at: enough for any From_ line and the headers it peeks. */
const LINE_HEAD_BYTES = 8192;
const READ_CHUNK_BYTES = 1024 * 1024;

const FROM_ = Buffer.from('From ');
const MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/i;
const TIME = /\b\d{1,2}:\d{2}\b/;
const YEAR = /\b\d{4}\b/;

export function looksLikeFromLine(line: string): boolean {
  return line.startsWith('From ') && MONTH.test(line) && TIME.test(line) && YEAR.test(line);
}

type OpenMessage = { offset: number; start: number; inHeaders: boolean; peek: HeaderPeek; fromLine: string };

/**
 * Finds the messages of an mbox as its bytes stream past, in one pass and in bounded memory:
 * only the head of the current line and three header values of the current message are kept.
 */
export class MboxScanner {
  private readonly builder = new IndexBuilder();
  /** Absolute offset of the next byte pushed. */
  private position = 0;
  /** Where the line being read began, and its first bytes when it spans chunks. */
  private lineStart = 0;
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private previousBlank = false;
  private previousLineStart = 0;
  private message: OpenMessage | null = null;

  constructor(private readonly maxMessageBytes = IMPORT_LIMITS.maxMessageBytes) {}

  push(chunk: Buffer): void {
    const base = this.position;
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(0x0a, from);
      if (newline < 0) {
        this.keepHead(chunk, from, chunk.length);
        break;
      }
      if (this.carryBytes > 0 || this.carry.length > 0) {
        this.keepHead(chunk, from, newline);
        const head = Buffer.concat(this.carry);
        this.onLine(head, 0, head.length, base + newline);
        this.carry = [];
        this.carryBytes = 0;
      } else {
        this.onLine(chunk, from, Math.min(newline, from + LINE_HEAD_BYTES), base + newline);
      }
      this.lineStart = base + newline + 1;
      from = newline + 1;
    }
    this.position = base + chunk.length;
  }

  /** The index once the whole file went through `push`. */
  end(): MessageIndex {
    if (this.position > this.lineStart) {
      // A last line without a newline: part of the last message, never a separator.
      const head = Buffer.concat(this.carry);
      this.onLine(head, 0, head.length, this.position);
      this.previousBlank = false;
    }
    this.close(this.previousBlank ? this.previousLineStart : this.position);
    return this.builder.finish();
  }

  private keepHead(chunk: Buffer, from: number, to: number) {
    // Always remember that the line started, even when its head is already full.
    if (this.carry.length === 0) this.carry.push(Buffer.alloc(0));
    const room = LINE_HEAD_BYTES - this.carryBytes;
    if (room <= 0 || to <= from) return;
    const piece = Buffer.from(chunk.subarray(from, Math.min(to, from + room)));
    this.carry.push(piece);
    this.carryBytes += piece.length;
  }

  /** One line: `bytes[start, end)` is its head (no '\n'); `newlineAt` is where it ends in the file. */
  private onLine(bytes: Buffer, start: number, end: number, newlineAt: number) {
    const lineStart = this.lineStart;
    const length = newlineAt - lineStart;
    const contentEnd = end > start && bytes[end - 1] === 0x0d && end - start === length ? end - 1 : end;
    const blank = length === 0 || (length === 1 && bytes[start] === 0x0d);

    if (this.isFromLine(bytes, start, contentEnd, lineStart)) {
      // The blank line before a From_ line separates messages; it is not part of the one before.
      if (this.message) this.close(this.previousBlank ? this.previousLineStart : lineStart);
      const fromLine = bytes.toString('latin1', start, contentEnd);
      this.message = { offset: lineStart, start: newlineAt + 1, inHeaders: true, peek: new HeaderPeek(), fromLine };
    } else if (this.message?.inHeaders) {
      if (blank) this.message.inHeaders = false;
      else this.message.peek.line(bytes, start, contentEnd);
    }
    this.previousBlank = blank;
    this.previousLineStart = lineStart;
  }

  private isFromLine(bytes: Buffer, start: number, end: number, lineStart: number): boolean {
    if (end - start < FROM_.length || !startsWithFrom(bytes, start)) return false;
    // The file's first line, or any From line before the first message, starts one.
    if (lineStart === 0 || !this.message) return true;
    return this.previousBlank && looksLikeFromLine(bytes.toString('latin1', start, Math.min(end, start + 200)));
  }

  private close(end: number) {
    const message = this.message;
    if (!message) return;
    // The From_ line's date only counts when the message has no usable Date header.
    const { folder, date } = message.peek.classify(() => fromLineDate(message.fromLine));
    const length = end - message.start;
    // A From_ line with nothing after it holds no message.
    if (length > 0) {
      const omitted = length > this.maxMessageBytes ? OMIT_TOO_LARGE : OMIT_NONE;
      this.builder.add({ id: message.offset, start: message.start, length, folder, date, omitted });
    }
    this.message = null;
  }
}

/** Reads the whole file once, in 1 MB chunks, and indexes its messages. */
export async function scanMbox(path: string, maxMessageBytes?: number): Promise<MessageIndex> {
  const scanner = new MboxScanner(maxMessageBytes);
  const stream = fs.createReadStream(path, { highWaterMark: READ_CHUNK_BYTES });
  for await (const chunk of stream) scanner.push(chunk as Buffer);
  return scanner.end();
}

/** One message's bytes by position, through an open file handle, with From_ escaping undone. */
export async function readMboxMessage(handle: fs.promises.FileHandle, start: number, length: number): Promise<Buffer> {
  return unescapeFromLines(await readAt(handle, start, length));
}

/** The message at `start`, streamed from the file with its From_ escaping undone (for "Show original"). */
export function streamMboxMessage(path: string, start: number, length: number): Readable {
  if (length === 0) return Readable.from([]);
  let carry = Buffer.alloc(0);
  // Whole lines are unescaped; a line cut by a chunk waits for the rest of it.
  const unescaping = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const lastLine = data.lastIndexOf(0x0a) + 1;
      carry = Buffer.from(data.subarray(lastLine));
      done(null, lastLine > 0 ? unescapeFromLines(data.subarray(0, lastLine)) : undefined);
    },
    flush(done) {
      done(null, carry.length ? unescapeFromLines(carry) : undefined);
    },
  });
  const file = fs.createReadStream(path, { start, end: start + length - 1 });
  file.once('error', (error) => unescaping.destroy(error));
  unescaping.once('close', () => file.destroy());
  return file.pipe(unescaping);
}

/** Only the header block of the message at `start` (for a message too large to read whole). */
export async function readMboxHeaderBlock(handle: fs.promises.FileHandle, start: number, length: number): Promise<Buffer> {
  return headerBlock(unescapeFromLines(await readAt(handle, start, Math.min(length, HEADER_BLOCK_MAX_BYTES))));
}

async function readAt(handle: fs.promises.FileHandle, start: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}

/** mboxrd: a line '>From ', '>>From ', ... loses one '>'. Returns the same buffer when none does. */
export function unescapeFromLines(raw: Buffer): Buffer {
  const drops: number[] = [];
  let lineStart = 0;
  while (lineStart < raw.length) {
    if (raw[lineStart] === 0x3e && isQuotedFrom(raw, lineStart)) drops.push(lineStart);
    const next = raw.indexOf('\n>', lineStart);
    if (next < 0) break;
    lineStart = next + 1;
  }
  if (drops.length === 0) return raw;
  const out = Buffer.allocUnsafe(raw.length - drops.length);
  let written = 0;
  let from = 0;
  for (const drop of drops) {
    written += raw.copy(out, written, from, drop);
    from = drop + 1;
  }
  raw.copy(out, written, from);
  return out;
}

function isQuotedFrom(raw: Buffer, at: number): boolean {
  let i = at;
  while (raw[i] === 0x3e) i++;
  return i + FROM_.length <= raw.length && startsWithFrom(raw, i);
}

/** 'From ' at `at` (compared by hand: this runs for every line of the file). */
function startsWithFrom(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0x46 && bytes[at + 1] === 0x72 && bytes[at + 2] === 0x6f && bytes[at + 3] === 0x6d && bytes[at + 4] === 0x20;
}
