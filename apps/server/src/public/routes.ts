import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZApiError,
  ZContactRequest,
  ZContactResponse,
  ZWaitlistCountResponse,
  ZWaitlistRequest,
  ZWaitlistResponse,
} from '@penman/contract';
import { createMiddleware } from 'hono/factory';
import type { Deps } from '../deps.ts';
import { clientIp } from '../platform/http/client-ip.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json } from '../platform/http/openapi.ts';
import * as service from './service.ts';

/** Runs before validation, so malformed attempts count too. */
const limit = (deps: Deps, kind: service.SubmissionKind) =>
  createMiddleware(async (c, next) => {
    await service.countSubmission({ db: deps.db, kind, ip: clientIp(c, deps.env.TRUSTED_PROXY) });
    await next();
  });

const joinWaitlistRoute = (deps: Deps) =>
  createRoute({
    method: 'post',
    path: '/waitlist',
    tags: ['public'],
    middleware: [limit(deps, 'waitlist')] as const,
    request: { body: { content: { 'application/json': { schema: ZWaitlistRequest } }, required: true } },
    responses: {
      201: json(ZWaitlistResponse, 'On the waitlist'),
      400: json(ZApiError, 'Invalid input'),
      409: json(ZApiError, 'This email is already on the waitlist'),
      429: json(ZApiError, 'Too many submissions from this address'),
    },
  });

const waitlistCountRoute = createRoute({
  method: 'get',
  path: '/waitlist/count',
  tags: ['public'],
  responses: { 200: json(ZWaitlistCountResponse, 'How many people are on the waitlist') },
});

const contactRoute = (deps: Deps) =>
  createRoute({
    method: 'post',
    path: '/contact',
    tags: ['public'],
    middleware: [limit(deps, 'contact')] as const,
    request: { body: { content: { 'application/json': { schema: ZContactRequest } }, required: true } },
    responses: {
      201: json(ZContactResponse, 'Stored (and forwarded when CONTACT_FORWARD_URL is set)'),
      400: json(ZApiError, 'Invalid input'),
      429: json(ZApiError, 'Too many submissions from this address'),
    },
  });

/** Public, signed-out routes: the waitlist and the contact form. */
export function publicRoutes(deps: Deps) {
  return new OpenAPIHono({ defaultHook: validationHook })
    .openapi(joinWaitlistRoute(deps), async (c) => {
      const result = await service.joinWaitlist({ db: deps.db, input: c.req.valid('json'), ip: clientIp(c, deps.env.TRUSTED_PROXY) });
      return c.json(result, 201);
    })
    .openapi(waitlistCountRoute, async (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await service.countWaitlist({ db: deps.db }), 200);
    })
    .openapi(contactRoute(deps), async (c) => {
      const result = await service.sendContactMessage({
        db: deps.db,
        input: c.req.valid('json'),
        ip: clientIp(c, deps.env.TRUSTED_PROXY),
        forwardUrl: deps.env.CONTACT_FORWARD_URL,
      });
      return c.json(result, 201);
    });
}
