import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  FILE_MESSAGES,
  type FileCategory,
  ZAddEmailAttachmentRequest,
  ZAddEmailAttachmentResponse,
  ZAddToCategoryRequest,
  ZAddToCategoryResponse,
  ZApiError,
  ZKnowledgeSearchQuery,
  ZKnowledgeSearchResponse,
  ZListFilesQuery,
  ZListFilesResponse,
  ZSuggestedAttachmentsQuery,
  ZSuggestedAttachmentsResponse,
  ZUpdateAttachmentRequest,
  ZUpdateAttachmentResponse,
  ZUploadFilesResponse,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { AppError } from '../platform/errors.ts';
import { downloadHeaders } from '../platform/http/download.ts';
import { validationHook } from '../platform/http/errors.ts';
import { multipartParts } from '../platform/http/multipart.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

/** The upload route streams its body to storage under UPLOAD_MAX_BYTES, not BODY_LIMIT_BYTES. */
export const UPLOAD_PATH = /^\/api\/accounts\/[^/]+\/files$/;

const ZEmailAttachmentParams = ZIdParam.extend({ attachmentId: z.uuid() });

const fileErrors = { ...accountErrors, 404: json(ZApiError, 'No such file of yours') };

const ZUploadForm = z.object({
  categories: z.string().openapi({ description: 'knowledge, attachment, or both ("knowledge,attachment"); sent before the file' }),
  file: z.string().openapi({ format: 'binary', description: 'One file. Knowledge: .pdf, .doc, .docx, .txt, .md; attachments: any type' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/files',
  tags: ['files'],
  security,
  description: "The account's knowledge documents and attachments, newest first (the merged file view); `source` keeps one kind.",
  request: { params: ZIdParam, query: ZListFilesQuery },
  responses: { 200: json(ZListFilesResponse, 'The files'), ...accountErrors },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/knowledge/search',
  tags: ['files'],
  security,
  description: 'The passages of the knowledge base that answer a text, best first: what drafting would quote.',
  request: { params: ZIdParam, query: ZKnowledgeSearchQuery },
  responses: { 200: json(ZKnowledgeSearchResponse, 'Passages with their documents and scores'), ...accountErrors },
});

const suggestionsRoute = createRoute({
  method: 'get',
  path: '/emails/{id}/suggested-attachments',
  tags: ['files'],
  security,
  description:
    "Files of the email's account's attachment library that fit the email, best first: by name, by text (files that are also knowledge documents), by the files the user attached when replying to similar mail.",
  request: { params: ZIdParam, query: ZSuggestedAttachmentsQuery },
  responses: {
    200: json(ZSuggestedAttachmentsResponse, 'The suggestions, with their reasons'),
    ...accountErrors,
    404: json(ZApiError, 'No such email of yours'),
  },
});

const addEmailAttachmentRoute = createRoute({
  method: 'post',
  path: '/emails/{id}/attachments/{attachmentId}/library',
  tags: ['files'],
  security,
  description:
    "Copies an attachment of one of the user's emails (fetched from the mailbox) into the email's account's library, as an attachment and/or a knowledge document.",
  request: { params: ZEmailAttachmentParams, body: jsonBody(ZAddEmailAttachmentRequest) },
  responses: {
    200: json(ZAddEmailAttachmentResponse, 'Added, or already there'),
    409: json(ZApiError, 'Another file of that name is in the category, or the mailbox could not be read'),
    413: json(ZApiError, 'Larger than UPLOAD_MAX_BYTES'),
    ...accountErrors,
    404: json(ZApiError, 'No such email or attachment of yours, or no longer in the mailbox'),
  },
});

const contentResponse = {
  description: 'The file',
  content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
};
const addResponses = {
  200: json(ZAddToCategoryResponse, 'Added, or already there'),
  409: json(ZApiError, 'Another file of that name is in the category'),
  ...fileErrors,
};

const deleteKnowledgeRoute = createRoute({
  method: 'delete',
  path: '/knowledge-documents/{id}',
  tags: ['files'],
  security,
  description: 'Deletes the document, its passages and its stored file.',
  request: { params: ZIdParam },
  responses: { 204: { description: 'Deleted' }, ...fileErrors },
});
const deleteAttachmentRoute = createRoute({
  method: 'delete',
  path: '/attachments/{id}',
  tags: ['files'],
  security,
  description: 'Deletes the attachment and its stored file.',
  request: { params: ZIdParam },
  responses: { 204: { description: 'Deleted' }, ...fileErrors },
});
const knowledgeContentRoute = createRoute({
  method: 'get',
  path: '/knowledge-documents/{id}/content',
  tags: ['files'],
  security,
  description: 'The document as uploaded, streamed, for download.',
  request: { params: ZIdParam },
  responses: { 200: contentResponse, ...fileErrors },
});
const attachmentContentRoute = createRoute({
  method: 'get',
  path: '/attachments/{id}/content',
  tags: ['files'],
  security,
  description: 'The attachment as uploaded, streamed, for download.',
  request: { params: ZIdParam },
  responses: { 200: contentResponse, ...fileErrors },
});
const knowledgeCategoriesRoute = createRoute({
  method: 'post',
  path: '/knowledge-documents/{id}/categories',
  tags: ['files'],
  security,
  description: 'Adds the document to the attachment library too (the spec\'s "add to category").',
  request: { params: ZIdParam, body: jsonBody(ZAddToCategoryRequest) },
  responses: addResponses,
});
const attachmentCategoriesRoute = createRoute({
  method: 'post',
  path: '/attachments/{id}/categories',
  tags: ['files'],
  security,
  description: 'Adds the attachment to the knowledge base too (the spec\'s "add to category").',
  request: { params: ZIdParam, body: jsonBody(ZAddToCategoryRequest) },
  responses: addResponses,
});

const updateAttachmentRoute = createRoute({
  method: 'patch',
  path: '/attachments/{id}',
  tags: ['files'],
  security,
  description: 'Whether drafting may attach this file without asking (`auto_attach`).',
  request: { params: ZIdParam, body: jsonBody(ZUpdateAttachmentRequest) },
  responses: { 200: json(ZUpdateAttachmentResponse, 'Updated'), ...fileErrors },
});

export function fileRoutesOf(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of [
    '/accounts/:id/files',
    '/accounts/:id/knowledge/*',
    '/knowledge-documents/*',
    '/attachments/*',
    '/emails/:id/suggested-attachments',
  ])
    app.use(path, requireUser(deps));

  // Documented here, parsed by hand: a validator would read the whole body into memory.
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/accounts/{id}/files',
    tags: ['files'],
    security,
    description: 'Uploads one file as a knowledge document, an attachment or both, streamed to storage (up to UPLOAD_MAX_BYTES).',
    request: { params: ZIdParam, body: { required: true, content: { 'multipart/form-data': { schema: ZUploadForm } } } },
    responses: {
      201: json(ZUploadFilesResponse, 'Stored; knowledge documents are being read'),
      409: json(ZApiError, 'A file of that name is already in the category'),
      413: json(ZApiError, 'Larger than UPLOAD_MAX_BYTES'),
      ...accountErrors,
    },
  });
  app.post('/accounts/:id/files', async (c) => {
    const accountId = ZIdParam.safeParse({ id: c.req.param('id') });
    if (!accountId.success) {
      const message = accountId.error.issues[0]?.message ?? 'Invalid id';
      throw new AppError('VALIDATION', message, { fields: { id: message } });
    }
    const maxBytes = deps.env.UPLOAD_MAX_BYTES;
    const uploaded = await service.uploadFile({
      ...deps,
      userId: c.get('userId'),
      accountId: accountId.data.id,
      maxBytes,
      parts: multipartParts(c.req.raw, {
        maxFileBytes: maxBytes,
        tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(maxBytes)),
        malformed: 'Send the file as multipart/form-data: the field "categories", then the field "file".',
      }),
    });
    return c.json(uploaded, 201);
  });

  const scope = (c: { get: (key: 'userId') => string }) => ({ db: deps.db, userId: c.get('userId') });
  const remove = async (c: { get: (key: 'userId') => string }, source: FileCategory, id: string) =>
    service.deleteFile({ ...scope(c), files: deps.files, source, id });
  const download = async (c: { get: (key: 'userId') => string }, source: FileCategory, id: string) => {
    const file = await service.openFile({ ...scope(c), files: deps.files, source, id });
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: downloadHeaders({ contentType: file.contentType, filename: file.filename, size: file.size }),
    });
  };
  const add = (c: { get: (key: 'userId') => string }, source: FileCategory, id: string, category: FileCategory) =>
    service.addToCategory({ ...scope(c), files: deps.files, queue: deps.queue, clock: deps.clock, source, id, category });

  return app
    .openapi(deleteKnowledgeRoute, async (c) => {
      await remove(c, 'knowledge', c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(deleteAttachmentRoute, async (c) => {
      await remove(c, 'attachment', c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(knowledgeContentRoute, (c) => download(c, 'knowledge', c.req.valid('param').id))
    .openapi(attachmentContentRoute, (c) => download(c, 'attachment', c.req.valid('param').id))
    .openapi(knowledgeCategoriesRoute, async (c) =>
      c.json(await add(c, 'knowledge', c.req.valid('param').id, c.req.valid('json').category), 200),
    )
    .openapi(attachmentCategoriesRoute, async (c) =>
      c.json(await add(c, 'attachment', c.req.valid('param').id, c.req.valid('json').category), 200),
    )
    .openapi(listRoute, async (c) =>
      c.json(
        { files: await service.listFiles({ ...scope(c), accountId: c.req.valid('param').id, source: c.req.valid('query').source }) },
        200,
      ),
    )
    .openapi(searchRoute, async (c) => {
      const { q, limit } = c.req.valid('query');
      const passages = await service.searchAccountKnowledge({ ...scope(c), accountId: c.req.valid('param').id, text: q, limit });
      return c.json({ passages }, 200);
    })
    .openapi(addEmailAttachmentRoute, async (c) => {
      const { id, attachmentId } = c.req.valid('param');
      const added = await service.addEmailAttachmentToLibrary({
        ...deps,
        userId: c.get('userId'),
        emailId: id,
        attachmentId,
        categories: c.req.valid('json').categories,
        maxBytes: deps.env.UPLOAD_MAX_BYTES,
      });
      return c.json(added, 200);
    })
    .openapi(suggestionsRoute, async (c) => {
      const suggestions = await service.suggestAttachmentsForEmail({
        ...scope(c),
        emailId: c.req.valid('param').id,
        k: c.req.valid('query').k,
      });
      return c.json({ suggestions }, 200);
    })
    .openapi(updateAttachmentRoute, async (c) =>
      c.json(
        { file: await service.setAutoAttach({ ...scope(c), id: c.req.valid('param').id, autoAttach: c.req.valid('json').autoAttach }) },
        200,
      ),
    );
}
