import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * Test helpers: mailbox files written the way mail programs write them. `mboxrd` escaping: a line
 * that reads 'From ...' after any number of '>' gets one more '>'.
 */
export const FROM_LINE = 'From MAILER-DAEMON Mon Jan  1 00:00:00 2001';

export function escapeFromLines(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  return Buffer.from(text.replace(/(^|\n)(>*From )/g, '$1>$2'), 'latin1');
}

/** The bytes a reader should give back for `raw` once it went through an mbox: it ends with a newline. */
export function asStoredInMbox(raw: Buffer): Buffer {
  return raw.length > 0 && raw[raw.length - 1] === 0x0a ? raw : Buffer.concat([raw, Buffer.from('\n')]);
}

/** One mbox record: From_ line, escaped message ending in a newline, blank separator line. */
export function mboxRecord(raw: Buffer, eol = '\n', fromLine = FROM_LINE): Buffer {
  return Buffer.concat([Buffer.from(fromLine + eol, 'latin1'), asStoredInMbox(escapeFromLines(raw)), Buffer.from(eol)]);
}

export function toMbox(raws: Buffer[], eol = '\n'): Buffer {
  return Buffer.concat(raws.map((raw) => mboxRecord(raw, eol)));
}

/** A zip of `files` (name -> bytes, or a stream of them), deflated, written with yazl. */
export async function writeZip(path: string, files: { name: string; data: Buffer | Readable; compress?: boolean }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const options = { compress: file.compress ?? true };
    if (Buffer.isBuffer(file.data)) zip.addBuffer(file.data, file.name, options);
    else zip.addReadStream(file.data, file.name, options);
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(path));
}

/**
 * A message of `headers` and a body of `bodyBytes` in lines of 1 MB of one letter: deflate shrinks
 * it about 1,000 times, its most (a zip bomb's entry). Streamed, in 1 MB pieces, never held whole.
 */
export function compressibleMessage(headers: string, bodyBytes: number): Readable {
  const piece = Buffer.alloc(1024 * 1024, 'A');
  piece[piece.length - 1] = 0x0a;
  return Readable.from(
    (function* () {
      yield Buffer.from(`${headers.trimEnd()}\n\n`);
      for (let left = bodyBytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
    })(),
  );
}
