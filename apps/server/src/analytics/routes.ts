import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZAccountResponse, ZAnalyticsChartsQuery, ZAnalyticsChartsResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const tags = ['analytics'];

// Generic over the action so the typed client keeps each route's literal path.
const accountActionRoute = <A extends string>(action: A, description: string, answer: string) =>
  createRoute({
    method: 'post',
    path: `/accounts/{id}/${action}` as `/accounts/{id}/${A}`,
    tags,
    security,
    description,
    request: { params: ZIdParam },
    responses: { 200: json(ZAccountResponse, answer), ...accountErrors },
  });

const recalculateRoute = accountActionRoute(
  'statistics/recalculate',
  'recalculate-email-stats: recounts every counter of the account (total, incoming, outgoing, unread, with attachments, ' +
    'training, contacts), its date range and emails per day, in SQL over the stored mail.',
  'The account with its new statistics',
);
const topSendersRoute = accountActionRoute(
  'top-senders/calculate',
  'calculate-top-senders: stores the 10 addresses that sent the account the most incoming mail (name, email, count).',
  'The account with its new top senders',
);

const chartsDescription =
  'Mail volume per day or ISO week (received and sent), a weekday x hour grid of received and sent mail, and the ' +
  "distribution of the user's response times (sent replies matched by In-Reply-To). All in UTC.";

const accountChartsRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/analytics/charts',
  tags,
  security,
  description: `${chartsDescription} One account.`,
  request: { params: ZIdParam, query: ZAnalyticsChartsQuery },
  responses: { 200: json(ZAnalyticsChartsResponse, 'The charts of the account'), ...accountErrors },
});

const allChartsRoute = createRoute({
  method: 'get',
  path: '/analytics/charts',
  tags,
  security,
  description: `${chartsDescription} Every account of the user.`,
  request: { query: ZAnalyticsChartsQuery },
  responses: { 200: json(ZAnalyticsChartsResponse, 'The charts over all accounts'), 400: accountErrors[400], 401: accountErrors[401] },
});

export function analyticsRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/*', requireUser(deps));
  app.use('/analytics/*', requireUser(deps));
  const scope = (userId: string, accountId: string) => ({ db: deps.db, userId, accountId });
  return app
    .openapi(recalculateRoute, async (c) =>
      c.json({ account: await service.recalculateEmailStats(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(topSendersRoute, async (c) =>
      c.json({ account: await service.calculateTopSenders(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(accountChartsRoute, async (c) =>
      c.json(
        await service.getCharts({
          ...scope(c.get('userId'), c.req.valid('param').id),
          granularity: c.req.valid('query').granularity,
        }),
        200,
      ),
    )
    .openapi(allChartsRoute, async (c) =>
      c.json(
        await service.getCharts({ db: deps.db, userId: c.get('userId'), accountId: null, granularity: c.req.valid('query').granularity }),
        200,
      ),
    );
}
