import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { logger } from '../../../platform/logger.ts';
import { peekHeaderBlock } from './header-peek.ts';
import { IndexBuilder, type MessageIndex } from './message-index.ts';

/**
 * A zip of .eml files, read in place: the central directory gives every entry, each message is
 * inflated on its own when fetched, nothing is extracted to disk. Entries that are folders, not
 * .eml, encrypted, in an unknown compression method, or larger than MAX_ENTRY_BYTES once inflated
 * (a zip bomb) are skipped; yauzl checks that an entry inflates to exactly its declared size.
 */
export const MAX_ENTRY_BYTES = 100 * 1024 * 1024;
const HEADER_PEEK_BYTES = 64 * 1024;
const HEADER_END = /\r?\n\r?\n/;

export async function openZip(path: string): Promise<yauzl.ZipFile> {
  // decodeStrings: false keeps entry names as bytes: names are only matched, never used as paths.
  return yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
}

function isMessageEntry(entry: yauzl.Entry): boolean {
  const name = entry.fileNameRaw.toString('latin1').toLowerCase();
  const base = name.slice(name.lastIndexOf('/') + 1);
  return (
    name.endsWith('.eml') &&
    !name.startsWith('__macosx/') &&
    !base.startsWith('._') &&
    !entry.isEncrypted() &&
    (entry.compressionMethod === 0 || entry.compressionMethod === 8) &&
    entry.uncompressedSize > 0 &&
    entry.uncompressedSize <= MAX_ENTRY_BYTES
  );
}

/** How many messages an archive holds, from its central directory alone (an upload's check). */
export async function countZipMessages(path: string): Promise<number> {
  const zip = await openZip(path);
  try {
    let count = 0;
    for await (const entry of zip.eachEntry()) if (isMessageEntry(entry)) count++;
    return count;
  } finally {
    zip.close();
  }
}

/**
 * Indexes the archive's messages: id = the entry's position in the central directory (stable for
 * a given file), folder from the first header bytes of each message, date from its Date header or
 * else the entry's modification time. Entries whose data cannot be read are left out.
 */
export async function scanZip(zip: yauzl.ZipFile, ownAddresses: ReadonlySet<string>): Promise<MessageIndex> {
  const builder = new IndexBuilder();
  let ordinal = -1;
  for await (const entry of zip.eachEntry()) {
    ordinal++;
    if (!isMessageEntry(entry)) continue;
    try {
      const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
      const at = {
        start: fileDataStart,
        length: entry.compressedSize,
        size: entry.uncompressedSize,
        deflated: entry.compressionMethod === 8,
      };
      const headers = await readHeaderBlock(zip, at);
      const { folder, date } = peekHeaderBlock(headers).classify(ownAddresses, () => entry.getLastModDate().getTime());
      builder.add({ id: ordinal, ...at, folder, date });
    } catch (error) {
      // A damaged entry: the others still import.
      logger.warn({ entry: ordinal, err: error }, 'unreadable entry in an imported zip');
    }
  }
  return builder.finish();
}

export type ZipEntryLocation = { start: number; length: number; size: number; deflated: boolean };

/** The entry's bytes, inflated. */
export function readEntry(zip: yauzl.ZipFile, at: ZipEntryLocation): Promise<Buffer> {
  return readUntil(zip, at);
}

/** The entry's header block: its bytes up to the first blank line, at most HEADER_PEEK_BYTES. */
async function readHeaderBlock(zip: yauzl.ZipFile, at: ZipEntryLocation): Promise<Buffer> {
  const head = await readUntil(zip, at, (bytes) => bytes.length >= HEADER_PEEK_BYTES || HEADER_END.test(bytes.toString('latin1')));
  const match = HEADER_END.exec(head.toString('latin1'));
  return match ? head.subarray(0, match.index) : head.subarray(0, HEADER_PEEK_BYTES);
}

/** Reads the entry's data, stopping early once `enough` says so (the stream is then destroyed). */
async function readUntil(zip: yauzl.ZipFile, at: ZipEntryLocation, enough?: (bytes: Buffer) => boolean): Promise<Buffer> {
  // The callback form: yauzl 3.4's openReadStreamLowLevelPromise calls openReadStream by mistake.
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStreamLowLevel(at.start, at.length, 0, at.length, at.deflated, at.size, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.length;
      if (enough?.(Buffer.concat(chunks, total))) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks, total);
}
