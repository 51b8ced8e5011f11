import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZStyleProfileResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const profileRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/style',
  tags: ['style'],
  security,
  description:
    "The account's communication-style profile as the Style Corpus report reads it (every trait with the number of emails supporting it), or null before the first analysis.",
  request: { params: ZIdParam },
  responses: { 200: json(ZStyleProfileResponse, 'The profile or null'), ...accountErrors },
});

export function styleRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/:id/style', requireUser(deps));
  return app.openapi(profileRoute, async (c) =>
    c.json({ profile: await service.getStyleProfile({ db: deps.db, userId: c.get('userId'), accountId: c.req.valid('param').id }) }, 200),
  );
}
