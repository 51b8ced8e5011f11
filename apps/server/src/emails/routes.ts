import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZApiError, ZEmailOriginalResponse, ZEmailResponse, ZListEmailsQuery, ZListEmailsResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { downloadHeaders } from '../platform/http/download.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/emails',
  tags: ['emails'],
  security,
  description:
    "The signed-in user's downloaded mail, newest first, a page at a time with the exact total. `search` matches subject, " +
    'sender email or sender name (case-insensitive substring) and the body (full-text, `websearch_to_tsquery` syntax); ' +
    'subject and sender matches rank first. Rows carry the first 100 characters of the body, never the whole body.',
  request: { query: ZListEmailsQuery },
  responses: {
    200: json(ZListEmailsResponse, 'One page of emails'),
    400: json(ZApiError, 'Invalid query'),
    401: json(ZApiError, 'Not signed in'),
    404: json(ZApiError, "`accountId` is not one of the user's accounts"),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/emails/{id}',
  tags: ['emails'],
  security,
  description:
    'One email in full: headers, attachments (name, type, size) and both bodies. `bodyHtml` is unsanitized: sanitize it before display.',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: json(ZEmailResponse, 'The email'),
    400: json(ZApiError, 'Invalid id'),
    401: json(ZApiError, 'Not signed in'),
    404: json(ZApiError, 'No such email of yours'),
  },
});

const originalRoute = createRoute({
  method: 'get',
  path: '/emails/{id}/original',
  tags: ['emails'],
  security,
  description:
    '"Show original": every header field of the email as its mailbox holds it (fetched from the mailbox: IMAP, Gmail or the imported file), unfolded and decoded.',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: json(ZEmailOriginalResponse, 'The header fields, in order'),
    400: json(ZApiError, 'Invalid id'),
    401: json(ZApiError, 'Not signed in'),
    404: json(ZApiError, 'No such email of yours, or no longer in its mailbox'),
    409: json(ZApiError, 'The mailbox could not be read (unreachable, or its credentials refused)'),
  },
});

const originalDownloadRoute = createRoute({
  method: 'get',
  path: '/emails/{id}/original.eml',
  tags: ['emails'],
  security,
  description: 'The raw message (RFC 822) as its mailbox holds it, streamed as a `.eml` download.',
  request: { params: z.object({ id: z.uuid() }) },
  responses: {
    200: { content: { 'message/rfc822': { schema: z.string() } }, description: 'The raw message' },
    400: json(ZApiError, 'Invalid id'),
    401: json(ZApiError, 'Not signed in'),
    404: json(ZApiError, 'No such email of yours, or no longer in its mailbox'),
    409: json(ZApiError, 'The mailbox could not be read (unreachable, or its credentials refused)'),
  },
});

export function emailRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/emails', requireUser(deps));
  app.use('/emails/*', requireUser(deps));
  return app
    .openapi(listRoute, async (c) =>
      c.json(await service.listEmails({ db: deps.db, userId: c.get('userId'), query: c.req.valid('query') }), 200),
    )
    .openapi(getRoute, async (c) =>
      c.json({ email: await service.getEmail({ db: deps.db, userId: c.get('userId'), emailId: c.req.valid('param').id }) }, 200),
    )
    .openapi(originalRoute, async (c) =>
      c.json(await service.getOriginalHeaders(deps, { userId: c.get('userId'), emailId: c.req.valid('param').id }), 200),
    )
    .openapi(originalDownloadRoute, async (c) => {
      const { stream, filename } = await service.downloadOriginal(deps, { userId: c.get('userId'), emailId: c.req.valid('param').id });
      return c.body(Readable.toWeb(stream) as ReadableStream, 200, downloadHeaders({ contentType: 'message/rfc822', filename }));
    });
}
