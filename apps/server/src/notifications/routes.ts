import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZApiError, ZNotificationIdParam, ZNotificationPrefs, ZNotificationPrefsResponse, ZNotificationsResponse } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const unauthorized = { 401: json(ZApiError, 'Not signed in') };

const getPrefsRoute = createRoute({
  method: 'get',
  path: '/settings/notifications',
  tags: ['notifications'],
  security,
  responses: { 200: json(ZNotificationPrefsResponse, "The caller's notification toggles"), ...unauthorized },
});

const savePrefsRoute = createRoute({
  method: 'put',
  path: '/settings/notifications',
  tags: ['notifications'],
  security,
  request: { body: jsonBody(ZNotificationPrefs) },
  responses: { 200: json(ZNotificationPrefsResponse, 'Saved'), 400: json(ZApiError, 'Invalid input'), ...unauthorized },
});

const listRoute = createRoute({
  method: 'get',
  path: '/notifications',
  tags: ['notifications'],
  security,
  description: 'The most recent notifications, newest first, and the unread count.',
  responses: { 200: json(ZNotificationsResponse, "The caller's notifications"), ...unauthorized },
});

const markReadRoute = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  tags: ['notifications'],
  security,
  request: { params: ZNotificationIdParam },
  responses: { 204: { description: 'Marked read' }, 404: json(ZApiError, 'No such notification of yours'), ...unauthorized },
});

const markAllReadRoute = createRoute({
  method: 'post',
  path: '/notifications/read-all',
  tags: ['notifications'],
  security,
  responses: { 204: { description: 'All marked read' }, ...unauthorized },
});

export function notificationRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/settings/notifications', requireUser(deps));
  app.use('/notifications', requireUser(deps));
  app.use('/notifications/*', requireUser(deps));
  return app
    .openapi(getPrefsRoute, async (c) => {
      const scope = { db: deps.db, userId: c.get('userId') };
      return c.json({ prefs: await service.getPrefs(scope), emailSender: await service.emailSenderOf(scope) }, 200);
    })
    .openapi(savePrefsRoute, async (c) => {
      const scope = { db: deps.db, userId: c.get('userId') };
      const prefs = await service.savePrefs({ ...scope, prefs: c.req.valid('json') });
      return c.json({ prefs, emailSender: await service.emailSenderOf(scope) }, 200);
    })
    .openapi(listRoute, async (c) => c.json(await service.listNotifications({ db: deps.db, userId: c.get('userId') }), 200))
    .openapi(markReadRoute, async (c) => {
      await service.markRead({ db: deps.db, userId: c.get('userId'), id: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(markAllReadRoute, async (c) => {
      await service.markAllRead({ db: deps.db, userId: c.get('userId') });
      return c.body(null, 204);
    });
}
