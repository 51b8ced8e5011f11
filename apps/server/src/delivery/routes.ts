import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZApiError,
  ZCheckSmtpRequest,
  ZCheckSmtpResponse,
  ZDeliverySettingsResponse,
  ZUpdateDeliverySettingsRequest,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const getRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/delivery',
  tags: ['delivery'],
  security,
  description: 'What Approve does for this account (Save to Drafts or Send) and its SMTP settings (presets until saved).',
  request: { params: ZIdParam },
  responses: { 200: json(ZDeliverySettingsResponse, "The account's delivery settings"), ...accountErrors },
});
const putRoute = createRoute({
  method: 'put',
  path: '/accounts/{id}/delivery',
  tags: ['delivery'],
  security,
  description: 'Saves the mode and the SMTP settings; SMTP settings are saved only after a successful login.',
  request: { params: ZIdParam, body: jsonBody(ZUpdateDeliverySettingsRequest) },
  responses: { 200: json(ZDeliverySettingsResponse, 'The settings saved'), ...accountErrors },
});
const checkRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/delivery/check',
  tags: ['delivery'],
  security,
  description: 'Logs in to the SMTP server with these settings (nothing saved).',
  request: { params: ZIdParam, body: jsonBody(ZCheckSmtpRequest) },
  responses: {
    200: json(ZCheckSmtpResponse, 'The server accepted the login'),
    ...accountErrors,
    422: json(ZApiError, 'Not an IMAP account'),
  },
});

export function deliveryRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/:id/delivery', requireUser(deps));
  app.use('/accounts/:id/delivery/*', requireUser(deps));
  return app
    .openapi(getRoute, async (c) =>
      c.json(
        await service.getDeliverySettings({
          db: deps.db,
          userId: c.get('userId'),
          accountId: c.req.valid('param').id,
          microsoft: deps.microsoft,
        }),
        200,
      ),
    )
    .openapi(putRoute, async (c) =>
      c.json(
        await service.updateDeliverySettings(deps, {
          userId: c.get('userId'),
          accountId: c.req.valid('param').id,
          changes: c.req.valid('json'),
        }),
        200,
      ),
    )
    .openapi(checkRoute, async (c) =>
      c.json(
        await service.checkSmtp(deps, { userId: c.get('userId'), accountId: c.req.valid('param').id, smtp: c.req.valid('json').smtp }),
        200,
      ),
    );
}
