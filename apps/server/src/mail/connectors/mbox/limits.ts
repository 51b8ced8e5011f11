import { BODY_NOT_STORED } from '../types.ts';

/**
 * What one imported file may make the server read into memory or inflate. A message over a limit
 * is not dropped: only its header block is read, and it is stored with a note (its parse problem)
 * saying why its body is missing; the account counts such messages.
 */
export type ImportLimits = {
  /** The largest message read whole (mbox message or inflated zip entry). */
  maxMessageBytes: number;
  /** zip: an entry inflating to more than this many times its compressed size is a bomb's. */
  maxInflateRatio: number;
  /** zip: the ratio is judged on entries inflating to at least this much (small ones cost nothing). */
  ratioFromBytes: number;
  /** zip: all entries read whole inflate to at most max(minTotalInflateBytes, this x the file's size). */
  maxTotalInflateRatio: number;
  minTotalInflateBytes: number;
};

const MB = 1024 * 1024;

export const IMPORT_LIMITS: ImportLimits = {
  // What Gmail and Outlook.com let a message weigh when they send it. Larger mail is rare, and its
  // weight is attachments, whose contents Penman does not keep.
  maxMessageBytes: 25 * MB,
  // Deflate reaches about 1,000:1 on repeated bytes. Real mail: at most 19:1 in the Enron corpus
  // (2:1 overall), base64 attachments 1.3:1; only crafted MIME test files pass 100:1.
  maxInflateRatio: 100,
  ratioFromBytes: 1 * MB,
  // A whole archive of real mail inflates 2 to 5 times; the floor leaves small archives alone.
  maxTotalInflateRatio: 20,
  minTotalInflateBytes: 256 * MB,
};

/** Why a message's body is not read, as stored in the index (0: it is read whole). */
export const OMIT_NONE = 0;
export const OMIT_TOO_LARGE = 1;
export const OMIT_RATIO = 2;
export const OMIT_TOTAL = 3;

/** The header block is read up to here: no real header block comes near it. */
export const HEADER_BLOCK_MAX_BYTES = 64 * 1024;

const inMb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The note stored as the parse problem of a message whose body was not read. */
export function bodyNotStoredNote(reason: number, limits: ImportLimits, sizeBytes: number): string {
  if (reason === OMIT_RATIO) {
    return `${BODY_NOT_STORED}the message is compressed more than ${limits.maxInflateRatio} times in the zip file, as in a zip bomb.`;
  }
  if (reason === OMIT_TOTAL) {
    return `${BODY_NOT_STORED}the zip file inflates to more than ${limits.maxTotalInflateRatio} times its size, as a zip bomb does.`;
  }
  return `${BODY_NOT_STORED}the message is larger than ${inMb(limits.maxMessageBytes)} (${inMb(sizeBytes)}).`;
}

/**
 * The header block from the first bytes of a message: up to and with the blank line that ends it;
 * when there is none in `head`, its complete lines and a blank line (a header block is all it holds).
 */
export function headerBlock(head: Buffer): Buffer {
  const end = /\r?\n\r?\n/.exec(head.toString('latin1'));
  if (end) return head.subarray(0, end.index + end[0].length);
  const lastNewline = head.lastIndexOf(0x0a);
  return Buffer.concat([head.subarray(0, lastNewline + 1), Buffer.from(lastNewline >= 0 ? '\n' : '\n\n')]);
}
