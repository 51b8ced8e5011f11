import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZApiError,
  ZGmailClientIdResponse,
  ZGmailExchangeRequest,
  ZGmailExchangeResponse,
  ZGmailStartRequest,
  ZGmailStartResponse,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const clientIdRoute = createRoute({
  method: 'get',
  path: '/gmail/client-id',
  tags: ['gmail'],
  security,
  description: "The operator's Google OAuth client id (spec: get-google-client-id); null when Gmail is not configured.",
  responses: { 200: json(ZGmailClientIdResponse, 'The client id, or null'), 401: json(ZApiError, 'Not signed in') },
});
const startRoute = createRoute({
  method: 'post',
  path: '/gmail/start',
  tags: ['gmail'],
  security,
  description:
    "Starts connecting a Gmail account: the consent's state (the email plus a nonce bound to the user, valid 10 minutes) and Google's consent URL.",
  request: { body: jsonBody(ZGmailStartRequest) },
  responses: {
    200: json(ZGmailStartResponse, 'State and consent URL'),
    400: json(ZApiError, 'Invalid address, or Gmail not configured'),
    401: json(ZApiError, 'Not signed in'),
  },
});
const exchangeRoute = createRoute({
  method: 'post',
  path: '/gmail/exchange',
  tags: ['gmail'],
  security,
  description:
    "Finishes connecting (spec: exchange-gmail-token): checks the state, exchanges Google's code on the server and saves the account with the refresh token encrypted. The token is never returned.",
  request: { body: jsonBody(ZGmailExchangeRequest) },
  responses: {
    201: json(ZGmailExchangeResponse, 'Connected (or reconnected)'),
    400: json(ZApiError, 'Bad or expired state, failed exchange, or no refresh token'),
    401: json(ZApiError, 'Not signed in'),
    409: json(ZApiError, 'The address is already connected (with another provider, or by a connection a moment earlier)'),
  },
});

export function gmailRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/gmail/*', requireUser(deps));
  const { google } = deps;
  const signer = deps.signerFor('gmail-oauth-state');
  return app
    .openapi(clientIdRoute, (c) => c.json({ clientId: service.getClientId({ google }) }, 200))
    .openapi(startRoute, (c) =>
      c.json(
        service.startGmailAuth({
          google,
          signer,
          userId: c.get('userId'),
          publicUrl: deps.env.publicUrl,
          emailAddress: c.req.valid('json').emailAddress,
        }),
        200,
      ),
    )
    .openapi(exchangeRoute, async (c) =>
      c.json(
        await service.exchangeGmailCode({
          db: deps.db,
          google,
          signer,
          secretBox: deps.secretBox,
          userId: c.get('userId'),
          input: c.req.valid('json'),
        }),
        201,
      ),
    );
}
