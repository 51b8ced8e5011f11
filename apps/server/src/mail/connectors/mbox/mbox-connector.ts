import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { logger } from '../../../platform/logger.ts';
import {
  type FolderCursor,
  type ListQuery,
  type MailConnector,
  MailError,
  type MessageList,
  type RawMessage,
  type RemoteFolder,
} from '../types.ts';
import { FOLDER_INBOX, FOLDER_SENT } from './header-peek.ts';
import { bodyNotStoredNote, HEADER_BLOCK_MAX_BYTES, IMPORT_LIMITS, type ImportLimits, OMIT_NONE } from './limits.ts';
import { readMboxHeaderBlock, readMboxMessage, scanMbox, streamMboxMessage } from './mbox-file.ts';
import { findId, type MessageIndex } from './message-index.ts';
import { type MailboxFileKind, SNIFF_BYTES, sniffMailboxFile } from './sniff.ts';
import { openZip, readEntry, readHeaderBlock, scanZip, streamEntry } from './zip-file.ts';

/**
 * An imported mailbox file (mbox, or a zip of .eml files) as a read-only account. The sync engine
 * only downloads Inbox and Sent, so the file shows two virtual folders: a message is in 'Sent'
 * when the file itself files it as sent (Google Takeout's label 'Sent', or the whole file was
 * imported as a Sent folder), else in 'INBOX'; mail in 'Sent' is sent mail whatever its From says.
 * Mail in 'INBOX' from one of the user's addresses is sent mail too: the sync tells it by its From. One streaming scan indexes the file (ids, positions, folders, dates: no message bodies);
 * messages are then read one by one at their position. The file never changes, so a cursor with
 * the same validity (size and mtime) and size means there is nothing new, without a scan. A
 * message over the import's limits (limits.ts) comes back as its header block with `bodyOmitted`.
 */

/**
 * What the account row keeps (encrypted, in place of a password): the storage key of the file, and
 * whether the file is a Sent folder exported on its own (every message in it is sent mail).
 * Records written before keys alone also hold an absolute `path`; only the key is read.
 */
export type MailboxFileSecret = { key: string; sentOnly?: boolean };

export function encodeMailboxSecret(secret: MailboxFileSecret): string {
  return JSON.stringify(secret.sentOnly ? { key: secret.key, sentOnly: true } : { key: secret.key });
}

export function decodeMailboxSecret(secret: string): MailboxFileSecret {
  try {
    const parsed = JSON.parse(secret) as Partial<MailboxFileSecret>;
    if (typeof parsed.key === 'string') return parsed.sentOnly === true ? { key: parsed.key, sentOnly: true } : { key: parsed.key };
  } catch {
    // Reported below.
  }
  throw new MailError('NOT_FOUND', 'This imported account has no readable file reference');
}

const FOLDERS: RemoteFolder[] = [
  { path: 'INBOX', role: 'inbox', specialUse: null },
  { path: 'Sent', role: 'sent', specialUse: null },
];

type Source = {
  scan: () => Promise<MessageIndex>;
  /** The message at position `i` of the index (only its header block when `headerOnly`), or null when it cannot be read. */
  read: (index: MessageIndex, i: number, headerOnly: boolean) => Promise<Buffer | null>;
  /** The message at position `i`, whole, streamed (for "Show original", whatever the import's limits). */
  stream: (index: MessageIndex, i: number) => Promise<Readable>;
  close: () => Promise<void>;
};

function toMailError(error: unknown, path: string): MailError {
  if (error instanceof MailError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return new MailError('NOT_FOUND', 'The imported mailbox file is no longer on the server', { cause: error });
  return new MailError('TEMPORARY', `Reading ${path} failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

/** A cheap identity of the file's content: its size and modification time, hashed to 48 bits. */
function fileValidity(stat: fs.Stats): string {
  const digest = createHash('sha256').update(`${stat.size}:${stat.mtimeMs}`).digest();
  return String(digest.readUIntBE(0, 6));
}

async function sniff(path: string): Promise<MailboxFileKind | null> {
  const handle = await fs.promises.open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffMailboxFile(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function mboxSource(path: string, limits: ImportLimits): Promise<Source> {
  const handle = await fs.promises.open(path, 'r');
  return {
    scan: () => scanMbox(path, limits.maxMessageBytes),
    read: (index, i, headerOnly) => (headerOnly ? readMboxHeaderBlock : readMboxMessage)(handle, index.starts[i]!, index.lengths[i]!),
    stream: async (index, i) => streamMboxMessage(path, index.starts[i]!, index.lengths[i]!),
    close: () => handle.close(),
  };
}

async function zipSource(path: string, limits: ImportLimits): Promise<Source> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    throw new MailError('NOT_FOUND', `The imported file is not a readable zip archive: ${(error as Error).message}`, { cause: error });
  }
  return {
    scan: () => scanZip(zip, limits),
    async read(index, i, headerOnly) {
      const at = { start: index.starts[i]!, length: index.lengths[i]!, size: index.sizes[i]!, deflated: index.deflated[i] === 1 };
      try {
        return await (headerOnly ? readHeaderBlock : readEntry)(zip, at);
      } catch (error) {
        // Damaged data in one entry (bad deflate stream, wrong size): skip it, keep the others.
        logger.warn({ path, entry: index.ids[i], err: error }, 'unreadable entry in an imported zip');
        return null;
      }
    },
    stream: (index, i) =>
      streamEntry(zip, { start: index.starts[i]!, length: index.lengths[i]!, size: index.sizes[i]!, deflated: index.deflated[i] === 1 }),
    close: async () => zip.close(),
  };
}

export async function openMailboxFile(options: {
  path: string;
  /** The file is a Sent folder exported on its own: every message goes to 'Sent'. */
  sentOnly?: boolean | undefined;
  limits?: ImportLimits;
}): Promise<MailConnector> {
  const { path, sentOnly = false, limits = IMPORT_LIMITS } = options;
  let source: Source;
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(path);
    const kind = await sniff(path);
    if (!kind) throw new MailError('NOT_FOUND', 'The imported file is neither an mbox nor a zip of .eml files');
    source = kind === 'mbox' ? await mboxSource(path, limits) : await zipSource(path, limits);
  } catch (error) {
    throw toMailError(error, path);
  }
  const validity = fileValidity(stat);
  const size = String(stat.size);

  let scanned: Promise<MessageIndex> | undefined;
  const index = async () => {
    scanned ??= source.scan();
    try {
      return await scanned;
    } catch (error) {
      scanned = undefined;
      throw toMailError(error, path);
    }
  };

  const folderCode = (folder: RemoteFolder) => {
    if (folder.role === 'inbox') return FOLDER_INBOX;
    if (folder.role === 'sent') return FOLDER_SENT;
    throw new MailError('NOT_FOUND', `Folder ${folder.path} not found`);
  };

  return {
    listFolders: async () => FOLDERS.map((folder) => ({ ...folder })),

    async listMessageIds(folder: RemoteFolder, query: ListQuery): Promise<MessageList> {
      const code = folderCode(folder);
      const cursor = query.cursor;
      const ranged = Boolean(query.since || query.before);
      const reset = Boolean(cursor?.validity && cursor.validity !== validity);
      // `uidNext` holds the file size and `messageCount` is only saved once a folder is complete.
      if (!ranged && !reset && cursor?.validity === validity && cursor.uidNext === size && cursor.messageCount != null) {
        return { ids: [], cursor: { ...cursor }, reset: false, unchanged: true };
      }
      const all = await index();
      const after = reset || cursor?.lastId == null ? -1 : Number(cursor.lastId);
      const since = query.since?.getTime() ?? Number.NEGATIVE_INFINITY;
      const before = query.before?.getTime() ?? Number.POSITIVE_INFINITY;
      const ids: string[] = [];
      const sizes: number[] = [];
      let messageCount = 0;
      let highest = after;
      for (let i = 0; i < all.count; i++) {
        if ((sentOnly ? FOLDER_SENT : all.folders[i]) !== code) continue;
        messageCount++;
        const id = all.ids[i]!;
        if (id <= after) continue;
        if (ranged) {
          const date = all.dates[i]!;
          if (!(date >= since && date < before)) continue;
        }
        ids.push(String(id));
        sizes.push(all.omitted[i] === OMIT_NONE ? all.sizes[i]! : Math.min(all.sizes[i]!, HEADER_BLOCK_MAX_BYTES));
        highest = id;
      }
      const next: FolderCursor = { validity, uidNext: size, messageCount };
      if (highest >= 0) next.lastId = String(highest);
      return { ids, cursor: next, reset, unchanged: false, sizes };
    },

    async *fetchMessages(_folder, ids) {
      if (ids.length === 0) return;
      const all = await index();
      for (const id of ids) {
        const i = findId(all, Number(id));
        if (i < 0) continue;
        const omitted = all.omitted[i]!;
        let raw: Buffer | null;
        try {
          raw = await source.read(all, i, omitted !== OMIT_NONE);
        } catch (error) {
          throw toMailError(error, path);
        }
        if (!raw) continue;
        const message: RawMessage = { id, raw };
        const date = all.dates[i]!;
        if (Number.isFinite(date)) message.internalDate = new Date(date);
        if (omitted !== OMIT_NONE) {
          const sizeBytes = all.sizes[i]!;
          message.bodyOmitted = { sizeBytes, note: bodyNotStoredNote(omitted, limits, sizeBytes) };
        }
        yield message;
      }
    },

    async openOriginal(folder, id) {
      folderCode(folder);
      const all = await index();
      const i = findId(all, Number(id));
      if (i < 0) return null;
      try {
        return await source.stream(all, i);
      } catch (error) {
        throw toMailError(error, path);
      }
    },

    close: () => source.close(),
  };
}
