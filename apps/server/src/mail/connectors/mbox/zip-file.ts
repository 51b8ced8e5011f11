import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { logger } from '../../../platform/logger.ts';
import { peekHeaderBlock } from './header-peek.ts';
import {
  HEADER_BLOCK_MAX_BYTES,
  headerBlock,
  IMPORT_LIMITS,
  type ImportLimits,
  OMIT_NONE,
  OMIT_RATIO,
  OMIT_TOO_LARGE,
  OMIT_TOTAL,
} from './limits.ts';
import { IndexBuilder, type MessageIndex } from './message-index.ts';

const HEADER_END = /\r?\n\r?\n/;

/**
 * A zip of .eml files, read in place: the central directory gives every entry, each message is
 * inflated on its own when fetched, nothing is extracted to disk. Entries that are folders, not
 * .eml, encrypted or in an unknown compression method are skipped. yauzl checks that an entry
 * inflates to exactly its declared size, so the declared sizes bound what inflating costs: an
 * entry larger than the message limit, or compressed like a zip bomb, or past the archive's total
 * inflation budget, has only its header block read (the message is stored without its body).
 */
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
    entry.uncompressedSize > 0
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
 * Whether the entry is read whole, or why only its header block is. Called in central directory
 * order: once an entry does not fit in what is left of the budget, no later one is read whole.
 */
function omission(entry: yauzl.Entry, limits: ImportLimits, budget: { left: number }): number {
  const size = entry.uncompressedSize;
  if (size > limits.maxMessageBytes) return OMIT_TOO_LARGE;
  if (size >= limits.ratioFromBytes && size > limits.maxInflateRatio * entry.compressedSize) return OMIT_RATIO;
  if (size > budget.left) {
    budget.left = 0;
    return OMIT_TOTAL;
  }
  budget.left -= size;
  return OMIT_NONE;
}

/**
 * Indexes the archive's messages: id = the entry's position in the central directory (stable for
 * a given file), folder from the first header bytes of each message, date from its Date header or
 * else the entry's modification time. Entries whose data cannot be read are left out.
 */
export async function scanZip(zip: yauzl.ZipFile, limits = IMPORT_LIMITS): Promise<MessageIndex> {
  const builder = new IndexBuilder();
  const budget = { left: Math.max(limits.minTotalInflateBytes, limits.maxTotalInflateRatio * zip.fileSize) };
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
      const { folder, date } = peekHeaderBlock(headers).classify(() => entry.getLastModDate().getTime());
      builder.add({ id: ordinal, ...at, folder, date, omitted: omission(entry, limits, budget) });
    } catch (error) {
      // A damaged entry: the others still import.
      logger.warn({ entry: ordinal, err: error }, 'unreadable entry in an imported zip');
    }
  }
  return builder.finish();
}

export type ZipEntryLocation = { start: number; length: number; size: number; deflated: boolean };

/**
 * The entry's bytes, inflated (only for an entry the index says is read whole), into one buffer of
 * its declared size: no second copy of a large message.
 */
export async function readEntry(zip: yauzl.ZipFile, at: ZipEntryLocation): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(at.size);
  let filled = 0;
  await eachChunk(zip, at, (chunk) => {
    // yauzl checks the size too (validateEntrySizes); this keeps the copy in bounds whatever it does.
    if (filled + chunk.length > bytes.length) throw new Error('The zip entry inflates to more than its declared size');
    filled += chunk.copy(bytes, filled);
    return false;
  });
  if (filled !== bytes.length) throw new Error('The zip entry inflates to less than its declared size');
  return bytes;
}

/** The entry's header block, with the blank line that ends it; at most HEADER_BLOCK_MAX_BYTES are inflated. */
export async function readHeaderBlock(zip: yauzl.ZipFile, at: ZipEntryLocation): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  await eachChunk(zip, at, (chunk) => {
    chunks.push(chunk);
    total += chunk.length;
    return total >= HEADER_BLOCK_MAX_BYTES || HEADER_END.test(Buffer.concat(chunks, total).toString('latin1'));
  });
  return headerBlock(Buffer.concat(chunks, total).subarray(0, HEADER_BLOCK_MAX_BYTES));
}

/** The entry's bytes, inflated as they are read (for "Show original"). */
export function streamEntry(zip: yauzl.ZipFile, at: ZipEntryLocation): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStreamLowLevel(at.start, at.length, 0, at.length, at.deflated, at.size, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
}

/** Inflates the entry's data chunk by chunk until `take` answers true (the stream is then destroyed). */
async function eachChunk(zip: yauzl.ZipFile, at: ZipEntryLocation, take: (chunk: Buffer) => boolean): Promise<void> {
  // The callback form: yauzl 3.4's openReadStreamLowLevelPromise calls openReadStream by mistake.
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStreamLowLevel(at.start, at.length, 0, at.length, at.deflated, at.size, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) if (take(chunk)) break;
  } finally {
    stream.destroy();
  }
}
