import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZAccountResponse, ZApiError } from '@penman/contract';
import busboy from 'busboy';
import type { Deps } from '../deps.ts';
import { AppError } from '../platform/errors.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import { importMailboxFile, type UploadPart } from './import-service.ts';

/** The one API route whose body is not held to BODY_LIMIT_BYTES: it streams to disk, up to IMPORT_MAX_BYTES. */
export const IMPORT_PATH = '/api/accounts/import';

/** Room for the form's boundaries and small fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const ZImportMailboxForm = z.object({
  file: z.string().openapi({ format: 'binary', description: 'An mbox file (Google Takeout, Thunderbird) or a zip of .eml files' }),
  emailAddress: z.string().openapi({ description: "The owner's address: mail from it is sent mail" }),
  aliases: z
    .string()
    .optional()
    .openapi({ description: "The owner's other addresses, separated by commas, spaces or new lines: mail from them is sent mail too" }),
  sentOnly: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: "'true': the file is a Sent folder exported on its own; every message in it is sent mail" }),
  displayName: z.string().optional(),
});

const cutUpload = () => new AppError('BAD_REQUEST', 'The upload ended before the whole file arrived.');

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than this server accepts for an import (${(maxBytes / 1024 ** 3).toFixed(1)} GiB).`,
  );

/**
 * The parts of a multipart/form-data request as they arrive, without buffering: a file part's
 * stream must be read (or is drained) before the next part comes. The file is held to `maxFileBytes`.
 */
export async function* multipartParts(request: Request, maxFileBytes: number): AsyncGenerator<UploadPart> {
  const contentType = request.headers.get('content-type') ?? '';
  const malformed = new AppError('BAD_REQUEST', 'Send the mailbox file as multipart/form-data, in the field "file".');
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) throw malformed;
  if (Number(request.headers.get('content-length')) > maxFileBytes + FORM_OVERHEAD_BYTES) throw tooLarge(maxFileBytes);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
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
    stream.on('limit', () => stream.destroy(tooLarge(maxFileBytes)));
    // Read or not (a field before it may already have refused the import), its end by abort is no crash.
    stream.on('error', () => {});
    queue.push({ part: { kind: 'file', name, filename: info.filename ?? '', stream: Readable.from(uploadErrors(stream)) }, raw: stream });
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

export function importRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  // Documented here, parsed by hand: a validator would read the whole body into memory.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/accounts/import',
    tags: ['accounts'],
    security: [{ cookieAuth: [] }],
    description:
      'Imports an mbox file or a zip of .eml files as a read-only account, streamed to disk (up to IMPORT_MAX_BYTES), then starts its initialization.',
    request: { body: { required: true, content: { 'multipart/form-data': { schema: ZImportMailboxForm } } } },
    responses: {
      201: json(ZAccountResponse, 'Imported; initialization started'),
      400: json(ZApiError, 'Not an mbox or zip of .eml files, empty, or invalid fields'),
      401: json(ZApiError, 'Not signed in'),
      409: json(ZApiError, 'An account with this address is already connected'),
      413: json(ZApiError, 'Larger than IMPORT_MAX_BYTES'),
    },
  });
  return app.post('/accounts/import', requireUser(deps), async (c) => {
    const account = await importMailboxFile({
      db: deps.db,
      userId: c.get('userId'),
      queue: deps.queue,
      secretBox: deps.secretBox,
      storage: deps.storage,
      parts: multipartParts(c.req.raw, deps.env.IMPORT_MAX_BYTES),
    });
    return c.json({ account }, 201);
  });
}
