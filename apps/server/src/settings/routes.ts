import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZAccountInfoResponse,
  ZApiError,
  ZProfileResponse,
  ZRevokeOtherSessionsResponse,
  ZSessionIdParam,
  ZSessionsResponse,
  ZUpdateProfileRequest,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

// Password changes and two-factor sign-in are better-auth's own endpoints (/api/auth/change-password,
// /api/auth/two-factor/*); these are the rest of the Settings page.

const unauthorized = { 401: json(ZApiError, 'Not signed in') };

const getProfileRoute = createRoute({
  method: 'get',
  path: '/settings/profile',
  tags: ['settings'],
  security,
  responses: { 200: json(ZProfileResponse, "The caller's names and sign-in email"), ...unauthorized },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/settings/profile',
  tags: ['settings'],
  security,
  description: 'Saves the names and the sign-in email; a new email needs `currentPassword`.',
  request: { body: jsonBody(ZUpdateProfileRequest) },
  responses: {
    200: json(ZProfileResponse, 'Saved'),
    400: json(ZApiError, 'Invalid input, or the current password is missing or wrong'),
    409: json(ZApiError, 'The email belongs to another account'),
    ...unauthorized,
  },
});

const accountInfoRoute = createRoute({
  method: 'get',
  path: '/settings/account',
  tags: ['settings'],
  security,
  description: 'Account information: created, last sign-in, connected mailboxes, estimated storage, plan.',
  responses: { 200: json(ZAccountInfoResponse, "The caller's account"), ...unauthorized },
});

const listSessionsRoute = createRoute({
  method: 'get',
  path: '/settings/sessions',
  tags: ['settings'],
  security,
  description: "The caller's signed-in sessions by row id (never a token), the asking one marked `current`.",
  responses: { 200: json(ZSessionsResponse, 'Sessions, most recently active first'), ...unauthorized },
});

const revokeSessionRoute = createRoute({
  method: 'delete',
  path: '/settings/sessions/{id}',
  tags: ['settings'],
  security,
  request: { params: ZSessionIdParam },
  responses: { 204: { description: 'Signed out' }, 404: json(ZApiError, 'No such session of yours'), ...unauthorized },
});

const revokeOtherSessionsRoute = createRoute({
  method: 'post',
  path: '/settings/sessions/revoke-others',
  tags: ['settings'],
  security,
  responses: { 200: json(ZRevokeOtherSessionsResponse, 'Every other session signed out'), ...unauthorized },
});

export function settingsRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/settings/*', requireUser(deps));
  return app
    .openapi(getProfileRoute, async (c) => {
      const profile = await service.getProfile({ db: deps.db, userId: c.get('userId') });
      return c.json({ profile }, 200);
    })
    .openapi(updateProfileRoute, async (c) => {
      const input = c.req.valid('json');
      const profile = await service.updateProfile({ db: deps.db, auth: deps.auth, userId: c.get('userId'), input });
      return c.json({ profile }, 200);
    })
    .openapi(accountInfoRoute, async (c) => c.json(await service.getAccountInfo({ db: deps.db, userId: c.get('userId') }), 200))
    .openapi(listSessionsRoute, async (c) => {
      const sessions = await service.listSessions({ db: deps.db, userId: c.get('userId'), currentSessionId: c.get('sessionId') });
      return c.json({ sessions }, 200);
    })
    .openapi(revokeSessionRoute, async (c) => {
      await service.revokeSession({ db: deps.db, userId: c.get('userId'), sessionId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(revokeOtherSessionsRoute, async (c) => {
      const result = await service.revokeOtherSessions({ db: deps.db, userId: c.get('userId'), currentSessionId: c.get('sessionId') });
      return c.json(result, 200);
    });
}
