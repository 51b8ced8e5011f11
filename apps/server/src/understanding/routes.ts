import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZApiError, ZCorrectTriageRequest, ZEmailTriageResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const errors = {
  400: json(ZApiError, 'Invalid input'),
  401: json(ZApiError, 'Not signed in'),
  404: json(ZApiError, 'No such incoming email of yours'),
};

const correctRoute = createRoute({
  method: 'post',
  path: '/emails/{id}/triage',
  tags: ['understanding'],
  security,
  description:
    'The user\'s correction of triage: "needs a reply" or "doesn\'t need a reply". Kept, shown, and learned per sender and kind; a correction to "needs a reply" gets the email drafted.',
  request: { params: ZIdParam, body: jsonBody(ZCorrectTriageRequest) },
  responses: { 200: json(ZEmailTriageResponse, "The email's triage after the correction"), ...errors },
});

export function understandingRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/emails/:id/triage', requireUser(deps));
  return app.openapi(correctRoute, async (c) => {
    const triage = await service.correctTriage(deps, {
      userId: c.get('userId'),
      emailId: c.req.valid('param').id,
      needsReply: c.req.valid('json').needsReply,
    });
    return c.json({ triage }, 200);
  });
}
