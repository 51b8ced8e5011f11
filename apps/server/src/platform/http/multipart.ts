import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../errors.ts';

/** One part of an upload, in the order the client sent them; a file part must be read to its end. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; mimeType: string; stream: Readable };

/**
 * A file's name as the user gave it: browsers escape three characters of it in a form (the HTML
 * standard's multipart/form-data encoding: '"' as %22, LF as %0A, CR as %0D); this undoes that.
 */
export function formFileName(sent: string): string {
  return sent.replace(/%(22|0A|0D)/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Room for the form's boundaries and small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const cutUpload = () => new AppError('BAD_REQUEST', 'The upload ended before the whole file arrived.');

type MultipartOptions = {
  /** The file is held to this size. */
  maxFileBytes: number;
  /** The answer for a file over `maxFileBytes` (413, in the route's words). */
  tooLarge: () => AppError;
  /** What to tell a client whose request is not a readable form. */
  malformed: string;
};

/**
 * The parts of a multipart/form-data request as they arrive, without buffering: a file part's
 * stream must be read (or is drained) before the next part comes. One file, a few small fields.
 */
export async function* multipartParts(request: Request, options: MultipartOptions): AsyncGenerator<UploadPart> {
  const { maxFileBytes } = options;
  const contentType = request.headers.get('content-type') ?? '';
  const malformed = new AppError('BAD_REQUEST', options.malformed);
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) throw malformed;
  if (Number(request.headers.get('content-length')) > maxFileBytes + FORM_OVERHEAD_BYTES) throw options.tooLarge();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // The name as the client sent it, '../' and all: it is data (shown as given), never a path.
      preservePath: true,
      // Browsers send a file's name in UTF-8 (busboy's default reads it as Latin-1).
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 8, parts: 9, fieldSize: 4096, fileSize: maxFileBytes },
      highWaterMark: 1024 * 1024,
      fileHwm: 1024 * 1024,
    });
  } catch {
    throw malformed;
  }

  const queue: { part: UploadPart; raw?: Readable }[] = [];
  let failure: unknown;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  const fail = (error: unknown) => {
    failure ??= error;
    notify();
  };
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new AppError('BAD_REQUEST', `The field "${name}" is too long.`));
    queue.push({ part: { kind: 'field', name, value } });
    notify();
  });
  parser.on('file', (name, stream, info) => {
    // busboy destroys the file stream with an error when the form is cut or the request aborted,
    // possibly before anyone reads it: without a listener at once, that error would be uncaught.
    // The reader, if any, gets the same error from its own iteration.
    stream.on('error', (error) => fail(error instanceof AppError ? error : cutUpload()));
    stream.on('limit', () => stream.destroy(options.tooLarge()));
    // Read or not (a field before it may already have refused the import), its end by abort is no crash.
    stream.on('error', () => {});
    queue.push({
      part: {
        kind: 'file',
        name,
        filename: formFileName(info.filename ?? ''),
        mimeType: info.mimeType,
        stream: Readable.from(uploadErrors(stream)),
      },
      raw: stream,
    });
    notify();
  });
  for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) {
    parser.on(limit, () => fail(new AppError('BAD_REQUEST', 'Send one file, in the field "file", and the form fields only.')));
  }

  const abort = new AbortController();
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  pipeline(body, parser, { signal: abort.signal }).then(
    () => {
      finished = true;
      notify();
    },
    (error) => fail(error instanceof AppError ? error : malformed),
  );
  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        yield next.part;
        // A file the caller did not read is drained so the next parts can come.
        if (next.raw && !next.raw.readableEnded) next.raw.resume();
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    abort.abort();
  }
}

/** A cut connection or a broken form while the file streams in is the client's error, not ours. */
async function* uploadErrors(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    throw error instanceof AppError ? error : cutUpload();
  }
}
