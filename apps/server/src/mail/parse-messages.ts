import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { type ParsedMessage, parseMessage } from './engine/parse-message.ts';

/** Parses a batch. The buffers may be moved to another thread: the caller must not read them afterwards. */
export type MessageParser = (raws: Uint8Array[]) => Promise<ParsedMessage[]>;

/** Parses a batch in this thread (MAIL_PARSE_THREADS=0, small batches). */
export async function parseInline(raws: Uint8Array[]): Promise<ParsedMessage[]> {
  return Promise.all(raws.map((raw) => parseMessage(raw)));
}

/** The worker's file: the bundled .js beside this chunk, or the .ts source under tsx. */
function workerFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  if (fs.existsSync(built)) return { filename: built, execArgv: [] };
  return { filename: fileURLToPath(new URL('./parse-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * MIME parsing runs in worker threads (about 10,000 messages a second each, with ConcatBlob): a
 * batch is split across them while the main thread waits on IMAP and PostgreSQL.
 */
export function createParsePool(threads: number): { parse: MessageParser; close: () => Promise<void> } {
  if (threads <= 0) return { parse: parseInline, close: async () => {} };
  const { filename, execArgv } = workerFile();
  const pool = new Piscina({
    filename,
    execArgv,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 30_000,
    // Parsing makes short-lived garbage only: a small young generation (V8's default allows 48 MB a
    // thread) keeps the worker about 35 MB smaller for a few percent more of its CPU time.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  return {
    async parse(raws) {
      if (raws.length === 0) return [];
      const size = Math.ceil(raws.length / threads);
      const chunks: Uint8Array[][] = [];
      // Moved, not copied. A Buffer that is a view into a larger (pooled) ArrayBuffer is copied
      // into its own first: moving it would take its neighbours too.
      const movable = (raw: Uint8Array) =>
        raw.buffer instanceof ArrayBuffer && raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw : new Uint8Array(raw);
      for (let i = 0; i < raws.length; i += size) chunks.push(raws.slice(i, i + size).map(movable));
      const results = await Promise.all(
        chunks.map((chunk) => pool.run(chunk, { transferList: chunk.map((raw) => raw.buffer as ArrayBuffer) }) as Promise<ParsedMessage[]>),
      );
      return results.flat();
    },
    close: () => pool.destroy(),
  };
}
