// The process that reads knowledge documents, started by text-extractor.ts and sent one file at a
// time over IPC. A worker thread with a heap cap reads the file (extract-worker.ts) while this
// process's main thread watches the time and the process's whole resident memory (buffers live
// outside the heap cap). Whatever a file makes it allocate goes back to the operating system when
// this process exits: freed memory of a thread stays with its process (glibc keeps it for reuse).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { EXTRACTION_MESSAGES, type ExtractionResult } from './engine/extraction-result.ts';
import type { ExtractionLimits, ExtractReply, ExtractRequest } from './text-extractor.ts';

const MB = 1024 * 1024;
/** How often this process's memory is looked at while a file is read. */
const RSS_CHECK_MS = 50;

function threadFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./extract-worker.js', import.meta.url));
  if (fs.existsSync(built)) return { filename: built, execArgv: [] };
  return { filename: fileURLToPath(new URL('./extract-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

const limits = JSON.parse(process.argv[2] ?? '') as ExtractionLimits;
const pool = new Piscina({
  ...threadFile(),
  minThreads: 1,
  maxThreads: 1,
  resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationMb, maxYoungGenerationSizeMb: 16 },
});

async function read({ bytes, fileType }: ExtractRequest): Promise<ExtractReply> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const overMemory = new AbortController();
  const watch = setInterval(() => {
    if (process.memoryUsage.rss() > limits.maxRssMb * MB) overMemory.abort();
  }, RSS_CHECK_MS);
  try {
    // Copied into a buffer of its own (what IPC gave may be a view of the whole message) and moved to the thread.
    const own = new Uint8Array(bytes);
    const signal = AbortSignal.any([timeout, overMemory.signal]);
    const result = (await pool.run({ bytes: own, fileType }, { signal, transferList: [own.buffer] })) as ExtractionResult;
    return { result, recycle: process.memoryUsage.rss() > (limits.maxRssMb * MB) / 2 };
  } catch (error) {
    if (overMemory.signal.aborted || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return { result: { ok: false, reason: EXTRACTION_MESSAGES.overMemory }, recycle: true };
    }
    if (timeout.aborted) return { result: { ok: false, reason: EXTRACTION_MESSAGES.tooSlow }, recycle: true };
    return { result: { ok: false, reason: EXTRACTION_MESSAGES.damaged(fileType.toUpperCase()) }, recycle: false };
  } finally {
    clearInterval(watch);
  }
}

process.on('message', (request: ExtractRequest) => {
  void read(request).then((reply) => process.send?.(reply));
});
// The server ended the channel, or is gone.
process.on('disconnect', () => process.exit(0));
