import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import { ZApiError, ZDashboardStatsResponse, ZRecentActivityResponse, ZSidebarCountsResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

/** A GET of the signed-in user's own dashboard data. Generic so the typed client keeps its path and shape. */
const dashboardRoute = <P extends string, S extends z.ZodType>(path: P, schema: S, description: string) =>
  createRoute({
    method: 'get',
    path: `/dashboard/${path}` as `/dashboard/${P}`,
    tags: ['dashboard'],
    security: [{ cookieAuth: [] }],
    description,
    responses: {
      200: { content: { 'application/json': { schema } }, description: "Only the caller's data" },
      401: { content: { 'application/json': { schema: ZApiError } }, description: 'Not signed in' },
    },
  });

const sidebarCountsRoute = dashboardRoute('sidebar-counts', ZSidebarCountsResponse, 'Badge counts of the sidebar.');
const statsRoute = dashboardRoute(
  'stats',
  ZDashboardStatsResponse,
  'The overview stat cards: connected accounts, emails synced, knowledge documents and attachments of the user.',
);
const activityRoute = dashboardRoute(
  'activity',
  ZRecentActivityResponse,
  'The Recent Activity card: accounts connected, initializations, finished syncs and uploads, newest first.',
);

export function dashboardRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/dashboard/*', requireUser(deps));
  const scope = (userId: string) => ({ db: deps.db, userId });
  return app
    .openapi(sidebarCountsRoute, async (c) => c.json(await service.getSidebarCounts(scope(c.get('userId'))), 200))
    .openapi(statsRoute, async (c) => c.json(await service.getOverviewStats(scope(c.get('userId'))), 200))
    .openapi(activityRoute, async (c) => c.json(await service.getRecentActivity(scope(c.get('userId'))), 200));
}
