import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZApiError, ZSidebarCountsResponse } from '@penman/contract';
import { validationHook } from '../platform/http/errors.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppDeps, AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const sidebarCountsRoute = createRoute({
  method: 'get',
  path: '/dashboard/sidebar-counts',
  tags: ['dashboard'],
  security: [{ cookieAuth: [] }],
  responses: {
    200: { content: { 'application/json': { schema: ZSidebarCountsResponse } }, description: 'Badge counts of the sidebar' },
    401: { content: { 'application/json': { schema: ZApiError } }, description: 'Not signed in' },
  },
});

export function dashboardRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/dashboard/*', requireUser(deps));
  return app.openapi(sidebarCountsRoute, async (c) =>
    c.json(await service.getSidebarCounts({ db: deps.db, userId: c.get('userId') }), 200),
  );
}
