import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ZAccountResponse, ZApiError } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { AppError } from '../platform/errors.ts';
import { validationHook } from '../platform/http/errors.ts';
import { multipartParts } from '../platform/http/multipart.ts';
import { json } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import { importMailboxFile } from './import-service.ts';

/** The one API route whose body is not held to BODY_LIMIT_BYTES: it streams to disk, up to IMPORT_MAX_BYTES. */
export const IMPORT_PATH = '/api/accounts/import';

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

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than this server accepts for an import (${(maxBytes / 1024 ** 3).toFixed(1)} GiB).`,
  );

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
      parts: multipartParts(c.req.raw, {
        maxFileBytes: deps.env.IMPORT_MAX_BYTES,
        tooLarge: () => tooLarge(deps.env.IMPORT_MAX_BYTES),
        malformed: 'Send the mailbox file as multipart/form-data, in the field "file".',
      }),
    });
    return c.json({ account }, 201);
  });
}
