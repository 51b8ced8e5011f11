import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXTRACTION_MESSAGES, type ExtractionResult } from './engine/extraction-result.ts';

/** Reads a knowledge document's text; answers why it cannot instead of throwing. */
export type TextExtractor = {
  extract: (input: { bytes: Uint8Array; fileType: string }) => Promise<ExtractionResult>;
  close: () => Promise<void>;
};

export type ExtractionLimits = {
  /** One file's reading may take this long... */
  timeoutMs: number;
  /** ...its thread this much heap (a zip bomb inside a DOCX or a PDF of huge pages hits it)... */
  maxOldGenerationMb: number;
  /** ...and the reading process this much resident memory in all: buffers (a decompressed stream) live outside the heap. */
  maxRssMb: number;
  /** The reading process ends after this long without a file, giving back all it holds. */
  idleMs: number;
};

export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 120_000,
  maxOldGenerationMb: 256,
  // The process holds about 70 MB before a file (built; 140 MB under tsx): some 370 MB for the file.
  maxRssMb: 448,
  idleMs: 10_000,
};

/** What the server sends the reading process, and what it answers. */
export type ExtractRequest = { bytes: Uint8Array; fileType: string };
/** `recycle`: the process hit a limit or holds much memory after the file; it is ended and a fresh one reads the next file. */
export type ExtractReply = { result: ExtractionResult; recycle: boolean };

/** The reading process answers within its own time limit; past this much more it is ended. */
const NO_ANSWER_GRACE_MS = 10_000;

function processFile(): { filename: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./extract-process.js', import.meta.url));
  if (fs.existsSync(built)) return { filename: built, execArgv: [] };
  return { filename: fileURLToPath(new URL('./extract-process.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * Documents are read one at a time in a child process of their own (extract-process.ts), in a worker
 * thread with a heap cap, under a time limit and a cap on the process's memory: past any of them
 * only that file fails. The process is ended after a file that hit a limit, and after `idleMs`
 * without a file: memory that a thread allocated and freed stays with its process until the
 * process exits (about 320 MB after a 1 GB Flate PDF, when the thread was in the server's process).
 */
export function createTextExtractor(limits: ExtractionLimits = EXTRACTION_LIMITS): TextExtractor {
  let reader: { child: ChildProcess; exited: Promise<NodeJS.Signals | null> } | undefined;
  let idle: NodeJS.Timeout | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  const start = () => {
    const { filename, execArgv } = processFile();
    const child = fork(filename, [JSON.stringify(limits)], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // A message sent as it exits is lost: its `exit` answers for it.
    child.on('error', () => {});
    return { child, exited };
  };
  const end = async () => {
    clearTimeout(idle);
    const ending = reader;
    reader = undefined;
    if (!ending) return;
    ending.child.kill('SIGKILL');
    await ending.exited;
  };

  const read = async (request: ExtractRequest): Promise<ExtractionResult> => {
    clearTimeout(idle);
    reader ??= start();
    const { child, exited } = reader;
    // While it reads, the process keeps the server's event loop alive; idle, it does not.
    child.ref();
    child.channel?.ref();
    let noAnswer: NodeJS.Timeout | undefined;
    const reply = await new Promise<ExtractReply | { signal: NodeJS.Signals | null } | 'no answer'>((resolve) => {
      child.once('message', (message: ExtractReply) => resolve(message));
      void exited.then((signal) => resolve({ signal }));
      noAnswer = setTimeout(() => resolve('no answer'), limits.timeoutMs + NO_ANSWER_GRACE_MS);
      child.send(request);
    });
    clearTimeout(noAnswer);
    child.removeAllListeners('message');
    if (reply === 'no answer') {
      await end();
      return { ok: false, reason: EXTRACTION_MESSAGES.tooSlow };
    }
    if ('signal' in reply) {
      // Ended by close(): the file was not read (its job is tried again).
      if (closed) throw new Error('The text extractor was closed while it read a file');
      // Ended without an answer: killed (the system's out-of-memory killer), or it crashed.
      if (reader?.child === child) reader = undefined;
      return {
        ok: false,
        reason: reply.signal ? EXTRACTION_MESSAGES.overMemory : EXTRACTION_MESSAGES.damaged(request.fileType.toUpperCase()),
      };
    }
    if (reply.recycle) await end();
    else {
      child.unref();
      child.channel?.unref();
      idle = setTimeout(() => void end(), limits.idleMs).unref();
    }
    return reply.result;
  };

  return {
    extract({ bytes, fileType }) {
      if (closed) return Promise.reject(new Error('The text extractor is closed'));
      const result = turn.then(() => read({ bytes, fileType }));
      turn = result.catch(() => {});
      return result;
    },
    async close() {
      closed = true;
      await end();
    },
  };
}
