import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZDraftingMemoryItemParams, ZDraftingMemoryResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

// The account's drafting memory (issue 20): what Penman learnt from the user's edits, own replies
// and rejections, listed in words and deletable item by item.

const listRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/drafting-memory',
  tags: ['drafts'],
  security,
  description: 'What Penman has learnt for this account and applies when drafting, in words for the user.',
  request: { params: ZIdParam },
  responses: { 200: json(ZDraftingMemoryResponse, 'The items drafting applies'), ...accountErrors },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/accounts/{id}/drafting-memory/{itemId}',
  tags: ['drafts'],
  security,
  description: 'Forgets one item: never applied again, and not learnt again.',
  request: { params: ZDraftingMemoryItemParams },
  responses: { 204: { description: 'Forgotten' }, ...accountErrors },
});

export function draftingMemoryRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/:id/drafting-memory', requireUser(deps));
  app.use('/accounts/:id/drafting-memory/*', requireUser(deps));
  return app
    .openapi(listRoute, async (c) =>
      c.json(await service.listDraftingMemory({ db: deps.db, userId: c.get('userId'), accountId: c.req.valid('param').id }), 200),
    )
    .openapi(deleteRoute, async (c) => {
      const { id, itemId } = c.req.valid('param');
      await service.deleteDraftingMemoryItem({ db: deps.db, userId: c.get('userId'), accountId: id, itemId });
      return c.body(null, 204);
    });
}
