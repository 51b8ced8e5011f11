import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { ZApiError, ZHealthResponse } from '@penman/contract';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { IMPORT_PATH, importRoutes } from './accounts/import-routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { contactRoutes } from './contacts/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { deliveryRoutes } from './delivery/routes.ts';
import type { Deps } from './deps.ts';
import { draftingMemoryRoutes } from './drafts/learning-routes.ts';
import { draftRoutes } from './drafts/routes.ts';
import { emailRoutes } from './emails/routes.ts';
import { fileRoutesOf, UPLOAD_PATH } from './files/routes.ts';
import { gmailRoutes } from './gmail/routes.ts';
import { microsoftRoutes } from './microsoft/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { CLIENT_IP_HEADER } from './platform/auth.ts';
import { AppError } from './platform/errors.ts';
import { authInputWithoutNul } from './platform/http/auth-input.ts';
import { clientIp } from './platform/http/client-ip.ts';
import { handleError, validationHook } from './platform/http/errors.ts';
import { sameOriginWrites } from './platform/http/same-origin.ts';
import { securityHeaders } from './platform/http/security.ts';
import { requireUser } from './platform/http/session.ts';
import { mountWebApp } from './platform/http/static-files.ts';
import type { AppEnv } from './platform/http/types.ts';
import type { RealtimeEvent } from './platform/realtime.ts';
import { publicRoutes } from './public/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { styleRoutes } from './style/routes.ts';
import { trainingRoutes } from './training/routes.ts';
import { understandingRoutes } from './understanding/routes.ts';
import { invitationRoutes } from './users/routes.ts';

const SSE_HEARTBEAT_MS = 25_000;

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['platform'],
  responses: {
    200: { content: { 'application/json': { schema: ZHealthResponse } }, description: 'Database and job queue are up' },
    503: { content: { 'application/json': { schema: ZApiError } }, description: 'Starting or degraded' },
  },
});

/** The typed API: every area's routes under /api. The web's client is typed from `ApiType`. */
export function createApi(deps: Deps) {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(healthRoute, async (c) => {
      if (!deps.isReady()) return c.json(new AppError('INTERNAL', 'Starting').toBody(), 503);
      return c.json({ status: 'ok' as const }, 200);
    })
    .route('/', invitationRoutes(deps))
    .route('/', dashboardRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', emailRoutes(deps))
    .route('/', draftRoutes(deps))
    .route('/', understandingRoutes(deps))
    .route('/', deliveryRoutes(deps))
    .route('/', draftingMemoryRoutes(deps))
    .route('/', contactRoutes(deps))
    .route('/', analyticsRoutes(deps))
    .route('/', trainingRoutes(deps))
    .route('/', styleRoutes(deps))
    .route('/', importRoutes(deps))
    .route('/', fileRoutesOf(deps))
    .route('/', gmailRoutes(deps))
    .route('/', microsoftRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', notificationRoutes(deps))
    .route('/', publicRoutes(deps));
}

export type ApiType = ReturnType<typeof createApi>;

export function createApp(deps: Deps, options: { webDistDir?: string } = {}) {
  const production = deps.env.NODE_ENV === 'production';
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', securityHeaders);
  const apiBodyLimit = bodyLimit({
    maxSize: deps.env.BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Request body too large');
    },
  });
  // Uploads stream to storage under their own limits (IMPORT_MAX_BYTES, UPLOAD_MAX_BYTES).
  const streamsItsBody = (path: string) => path === IMPORT_PATH || UPLOAD_PATH.test(path);
  app.use('/api/*', (c, next) => (streamsItsBody(c.req.path) ? next() : apiBodyLimit(c, next)));
  // Only Penman's own pages change anything (no cross-site requests); better-auth's bodies get no NUL.
  app.use('/api/*', sameOriginWrites(deps.env.publicUrl), authInputWithoutNul);

  // better-auth owns /api/auth/*; it reads the client address for rate limits from our header only.
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.env.TRUSTED_PROXY));
    return deps.auth.handler(new Request(c.req.raw, { headers }));
  });

  app.get('/api/events', requireUser(deps), (c) =>
    streamSSE(c, async (stream) => {
      const queue: RealtimeEvent[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = deps.realtime.subscribe(c.get('userId'), (event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, SSE_HEARTBEAT_MS);
        });
        wake = undefined;
        if (queue.length === 0 && !stream.aborted) await stream.write(': heartbeat\n\n');
      }
      unsubscribe();
    }),
  );

  app.route('/api', createApi(deps));
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Penman API', version: '0.1.0', description: 'Every route of the Penman server. Data routes need the session cookie.' },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
  });
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'Not found');
  });

  if (options.webDistDir) mountWebApp(app, options.webDistDir);
  app.onError((error, c) => handleError(error, c, production));
  return app;
}
