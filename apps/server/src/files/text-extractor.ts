import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EXTRACTION_MESSAGES, type ExtractionResult } from './engine/extraction-result.ts';

/** Reads a knowledge document's text; answers why it cannot instead of throwing. */
export type TextExtractor = {
  extract: (input: { bytes: Uint8Array; fileType: string }) => Promise<ExtractionResult>;
  close: () => Promise<void>;
};

export const EXTRACTION_LIMITS = {
  /** One file's extraction may take this long... */
  timeoutMs: 120_000,
  /** ...and its worker this much heap: a zip bomb inside a DOCX or a PDF of huge pages hits it... */
  maxOldGenerationMb: 256,
  /**
   * ...and the process this much more resident memory than when the file started: buffers (a
   * decompressed stream) live outside the heap limit, so the process's RSS is watched too.
   */
  maxExtraRssMb: 320,
} as const;

/** How often the process's memory is looked at while a file is read. */
const RSS_CHECK_MS = 50;

const LIMIT_MESSAGES = {
  timeout: 'Reading this file took too long; it may be damaged or unusually complex. Try a smaller or simpler copy.',
  memory: 'This file needs more memory to read than Penman allows; it may be damaged or built to exhaust memory.',
} as const;

function workerFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./extract-worker.js', import.meta.url));
  if (fs.existsSync(built)) return { filename: built, execArgv: [] };
  return { filename: fileURLToPath(new URL('./extract-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * One worker thread at a time reads documents (extraction is CPU-bound and rare), with a heap cap
 * and a time limit per file: past either, the thread is ended and only that file fails.
 */
export function createTextExtractor(
  limits: { timeoutMs: number; maxOldGenerationMb: number; maxExtraRssMb: number } = EXTRACTION_LIMITS,
): TextExtractor {
  let pool: Piscina | undefined;
  const open = () => {
    const { filename, execArgv } = workerFile();
    pool ??= new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 10_000,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationMb, maxYoungGenerationSizeMb: 16 },
    });
    return pool;
  };
  return {
    async extract({ bytes, fileType }) {
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const overMemory = new AbortController();
      const ceiling = process.memoryUsage.rss() + limits.maxExtraRssMb * 1024 * 1024;
      const watch = setInterval(() => {
        if (process.memoryUsage.rss() > ceiling) overMemory.abort();
      }, RSS_CHECK_MS);
      try {
        // Copied into a buffer of its own and moved to the thread.
        const own = new Uint8Array(bytes);
        const signal = AbortSignal.any([timeout, overMemory.signal]);
        return (await open().run({ bytes: own, fileType }, { signal, transferList: [own.buffer] })) as ExtractionResult;
      } catch (error) {
        if (overMemory.signal.aborted || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return { ok: false, reason: LIMIT_MESSAGES.memory };
        }
        if (timeout.aborted) return { ok: false, reason: LIMIT_MESSAGES.timeout };
        return { ok: false, reason: EXTRACTION_MESSAGES.damaged(fileType.toUpperCase()) };
      } finally {
        clearInterval(watch);
      }
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
