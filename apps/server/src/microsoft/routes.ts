import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZApiError,
  ZMicrosoftClientIdResponse,
  ZMicrosoftExchangeRequest,
  ZMicrosoftExchangeResponse,
  ZMicrosoftStartRequest,
  ZMicrosoftStartResponse,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const clientIdRoute = createRoute({
  method: 'get',
  path: '/microsoft/client-id',
  tags: ['microsoft'],
  security,
  description: "The operator's Microsoft application (client) id; null when Microsoft 365 / Outlook is not configured.",
  responses: { 200: json(ZMicrosoftClientIdResponse, 'The client id, or null'), 401: json(ZApiError, 'Not signed in') },
});
const startRoute = createRoute({
  method: 'post',
  path: '/microsoft/start',
  tags: ['microsoft'],
  security,
  description:
    "Starts connecting a Microsoft 365 / Outlook.com mailbox: the sign-in's state (the address plus a nonce bound to the user, valid 10 minutes) and Microsoft's sign-in URL with the PKCE challenge.",
  request: { body: jsonBody(ZMicrosoftStartRequest) },
  responses: {
    200: json(ZMicrosoftStartResponse, 'State and sign-in URL'),
    400: json(ZApiError, 'Invalid address, or Microsoft not configured or unreachable'),
    401: json(ZApiError, 'Not signed in'),
  },
});
const exchangeRoute = createRoute({
  method: 'post',
  path: '/microsoft/exchange',
  tags: ['microsoft'],
  security,
  description:
    "Finishes connecting: checks the state, redeems Microsoft's code with the PKCE verifier on the server, logs in to IMAP with XOAUTH2 and saves the account with the refresh token encrypted. Tokens are never returned.",
  request: { body: jsonBody(ZMicrosoftExchangeRequest) },
  responses: {
    201: json(ZMicrosoftExchangeResponse, 'Connected (or reconnected)'),
    400: json(ZApiError, 'Bad or expired state, failed exchange, no refresh token, or IMAP not allowed for the mailbox'),
    401: json(ZApiError, 'Not signed in'),
    409: json(ZApiError, 'The address is already connected (with another provider, or by a connection a moment earlier)'),
  },
});

export function microsoftRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/microsoft/*', requireUser(deps));
  const { microsoft } = deps;
  const signers = { stateSigner: deps.signerFor('microsoft-oauth-state'), verifierSigner: deps.signerFor('microsoft-pkce-verifier') };
  return app
    .openapi(clientIdRoute, (c) => c.json({ clientId: service.getClientId({ microsoft }) }, 200))
    .openapi(startRoute, async (c) =>
      c.json(
        await service.startMicrosoftAuth({
          microsoft,
          ...signers,
          userId: c.get('userId'),
          publicUrl: deps.env.publicUrl,
          emailAddress: c.req.valid('json').emailAddress,
        }),
        200,
      ),
    )
    .openapi(exchangeRoute, async (c) =>
      c.json(
        await service.exchangeMicrosoftCode({
          db: deps.db,
          microsoft,
          ...signers,
          secretBox: deps.secretBox,
          imapCa: deps.imapCa,
          userId: c.get('userId'),
          input: c.req.valid('json'),
        }),
        201,
      ),
    );
}
