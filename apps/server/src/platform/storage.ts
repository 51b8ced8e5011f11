import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey } from './storage-keys.ts';

/**
 * Files on local disk under one root (DATA_DIR), addressed by relative keys such as
 * `imports/<userId>/<accountId>/mailbox.mbox`. Every key is checked so it cannot leave the root.
 */
export type LocalStorage = {
  /** Streams `readable` to `key` (written beside it first, renamed when complete); returns the size. */
  saveStream: (key: string, readable: Readable | AsyncIterable<Uint8Array>) => Promise<{ size: number }>;
  openRead: (key: string) => fs.ReadStream;
  /** Deletes the file (missing is fine) and the folders it leaves empty below the root. */
  remove: (key: string) => Promise<void>;
  /** Deletes a folder and everything in it (missing is fine). */
  removeFolder: (key: string) => Promise<void>;
  /** The absolute path of a key, for readers that need random access (mbox, zip). */
  absolutePath: (key: string) => string;
};

export function createLocalStorage(rootDir: string): LocalStorage {
  const root = path.resolve(rootDir);
  const absolutePath = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  };

  return {
    absolutePath,

    async saveStream(key, readable) {
      const target = absolutePath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = `${target}.${randomUUID()}.part`;
      // Opened before the copy starts: a write stream opens its file in the background, so a source
      // failing at once would let the file appear after its removal below. Mail is private:
      // readable by the server's user only.
      const file = await fs.promises.open(partial, 'wx', 0o600);
      try {
        await pipeline(readable, file.createWriteStream());
        await fs.promises.rename(partial, target);
      } catch (error) {
        await file.close().catch(() => {});
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return { size: (await fs.promises.stat(target)).size };
    },

    openRead: (key) => fs.createReadStream(absolutePath(key)),

    async removeFolder(key) {
      await fs.promises.rm(absolutePath(key), { recursive: true, force: true });
    },

    async remove(key) {
      const target = absolutePath(key);
      await fs.promises.rm(target, { force: true });
      // Tidy the folders the file leaves empty, never the root itself.
      for (let dir = path.dirname(target); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        try {
          await fs.promises.rmdir(dir);
        } catch {
          break;
        }
      }
    },
  };
}
