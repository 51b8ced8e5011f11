import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import {
  ZAccountActionResponse,
  ZAccountResponse,
  ZApiError,
  ZCreateImapAccountRequest,
  ZDeleteAccountRequest,
  ZDownloadProgressResponse,
  ZListAccountsResponse,
  ZMailServerLookupQuery,
  ZMailServerLookupResponse,
  ZUpdateAccountRequest,
  ZUpdateAliasesRequest,
  ZUpdateCredentialsRequest,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { allowsPrivateMailHosts } from '../env.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import { updateAliases } from './aliases-service.ts';
import { lookupMailServer } from './mail-server-lookup-service.ts';
import * as service from './service.ts';

const listRoute = createRoute({
  method: 'get',
  path: '/accounts',
  tags: ['accounts'],
  security,
  responses: { 200: json(ZListAccountsResponse, 'Accounts, newest first'), 401: accountErrors[401] },
});
const createRoute_ = createRoute({
  method: 'post',
  path: '/accounts',
  tags: ['accounts'],
  security,
  description: 'Adds an Exchange-type / any IMAP account after logging in with its credentials.',
  request: { body: jsonBody(ZCreateImapAccountRequest) },
  responses: { 201: json(ZAccountResponse, 'Connected'), 409: json(ZApiError, 'Already connected'), ...accountErrors },
});
const lookupRoute = createRoute({
  method: 'get',
  path: '/accounts/mail-server-lookup',
  tags: ['accounts'],
  security,
  description:
    "The IMAP and SMTP servers to suggest for an address: its provider's preset, else the domain's DNS SRV records (RFC 6186), else a provider its MX hosts belong to; dnsUnavailable when DNS could not be reached.",
  request: { query: ZMailServerLookupQuery },
  responses: {
    200: json(ZMailServerLookupResponse, 'The suggestion'),
    400: accountErrors[400],
    401: accountErrors[401],
    429: json(ZApiError, 'Too many DNS lookups in a minute for this user'),
  },
});
const getRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}',
  tags: ['accounts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZAccountResponse, 'The account'), ...accountErrors },
});
const patchRoute = createRoute({
  method: 'patch',
  path: '/accounts/{id}',
  tags: ['accounts'],
  security,
  description: 'Active/Suspended switch, display name and download caps (null = default).',
  request: { params: ZIdParam, body: jsonBody(ZUpdateAccountRequest) },
  responses: { 200: json(ZAccountResponse, 'Updated'), ...accountErrors },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/accounts/{id}',
  tags: ['accounts'],
  security,
  description: "Deletes the account, its mail, contacts, profiles and files. Needs the typed confirmation 'DELETE EMAIL ACCOUNT'.",
  request: { params: ZIdParam, body: jsonBody(ZDeleteAccountRequest) },
  responses: { 204: { description: 'Deleted' }, ...accountErrors },
});
const credentialsRoute = createRoute({
  method: 'put',
  path: '/accounts/{id}/credentials',
  tags: ['accounts'],
  security,
  description: 'Reconnects an IMAP account whose server refused the saved password: logs in first, then stores the new one.',
  request: { params: ZIdParam, body: jsonBody(ZUpdateCredentialsRequest) },
  responses: { 200: json(ZAccountResponse, 'Reconnected'), ...accountErrors },
});
const aliasesRoute = createRoute({
  method: 'put',
  path: '/accounts/{id}/aliases',
  tags: ['accounts'],
  security,
  description:
    "The other addresses the user sends from (the whole list; mail from them is sent mail, and they are never contacts) and the proposals the user dismissed. A change queues the recompute of the account's mail direction, counters, contacts and style profile; its progress is the account's aliasesRecompute.",
  request: { params: ZIdParam, body: jsonBody(ZUpdateAliasesRequest) },
  responses: { 200: json(ZAccountResponse, 'Saved; the recompute is queued when the list changed'), ...accountErrors },
});
const progressRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/download-progress',
  tags: ['accounts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZDownloadProgressResponse, 'Emails stored so far'), ...accountErrors },
});
// Generic over the action and the answer so the typed client keeps each route's path and shape.
const actionRoute = <A extends string, R extends z.ZodType>(action: A, description: string, response: R) =>
  createRoute({
    method: 'post',
    path: `/accounts/{id}/${action}` as `/accounts/{id}/${A}`,
    tags: ['accounts'],
    security,
    description,
    request: { params: ZIdParam },
    responses: { 200: json(response, 'Done'), ...accountErrors },
  });

const initializeRoute = actionRoute('initialize', 'Starts initialization: download, contacts, style, done.', ZAccountActionResponse);
const retryRoute = actionRoute('retry', 'Restarts a failed or paused initialization from its step.', ZAccountActionResponse);
const pauseRoute = actionRoute('pause', "Pauses initialization ('Paused by user').", ZAccountResponse);
const stopRoute = actionRoute('stop', "Stops initialization ('Stopped by user').", ZAccountResponse);
const resetRoute = actionRoute('reset', 'Deletes the downloaded mail and zeroes every counter and training field.', ZAccountResponse);
const downloadRoute = actionRoute('download', 'Downloads new mail now.', ZAccountResponse);

export function accountRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts', requireUser(deps));
  app.use('/accounts/*', requireUser(deps));
  const scope = (userId: string, accountId: string) => ({ db: deps.db, userId, accountId, queue: deps.queue });
  return (
    app
      .openapi(listRoute, async (c) => c.json({ accounts: await service.listAccounts({ db: deps.db, userId: c.get('userId') }) }, 200))
      .openapi(createRoute_, async (c) => {
        const account = await service.createImapAccount({
          db: deps.db,
          userId: c.get('userId'),
          secretBox: deps.secretBox,
          imapCa: deps.imapCa,
          allowPrivateHosts: allowsPrivateMailHosts(deps.env),
          checkTimeoutMs: deps.env.MAIL_CHECK_TIMEOUT_MS,
          input: c.req.valid('json'),
        });
        return c.json({ account }, 201);
      })
      // Before /accounts/{id}, which would take 'mail-server-lookup' for an id.
      .openapi(lookupRoute, async (c) =>
        c.json(await lookupMailServer({ env: deps.env, db: deps.db, userId: c.get('userId') }, c.req.valid('query')), 200),
      )
      .openapi(getRoute, async (c) => c.json({ account: await service.getAccount(scope(c.get('userId'), c.req.valid('param').id)) }, 200))
      .openapi(patchRoute, async (c) =>
        c.json(
          { account: await service.updateAccount({ ...scope(c.get('userId'), c.req.valid('param').id), input: c.req.valid('json') }) },
          200,
        ),
      )
      .openapi(deleteRoute, async (c) => {
        const userId = c.get('userId');
        const accountId = c.req.valid('param').id;
        await service.deleteAccount({ db: deps.db, userId, accountId, storage: deps.storage, files: deps.files });
        return c.body(null, 204);
      })
      .openapi(credentialsRoute, async (c) => {
        const input = c.req.valid('json');
        const account = await service.updateCredentials({
          ...scope(c.get('userId'), c.req.valid('param').id),
          secretBox: deps.secretBox,
          imapCa: deps.imapCa,
          allowPrivateHosts: allowsPrivateMailHosts(deps.env),
          checkTimeoutMs: deps.env.MAIL_CHECK_TIMEOUT_MS,
          input,
        });
        return c.json({ account }, 200);
      })
      .openapi(aliasesRoute, async (c) =>
        c.json({ account: await updateAliases({ ...scope(c.get('userId'), c.req.valid('param').id), input: c.req.valid('json') }) }, 200),
      )
      .openapi(progressRoute, async (c) => c.json(await service.downloadProgress(scope(c.get('userId'), c.req.valid('param').id)), 200))
      .openapi(initializeRoute, async (c) => c.json(await service.initializeAccount(scope(c.get('userId'), c.req.valid('param').id)), 200))
      .openapi(retryRoute, async (c) => c.json(await service.retryInitialization(scope(c.get('userId'), c.req.valid('param').id)), 200))
      .openapi(pauseRoute, async (c) =>
        c.json({ account: await service.pauseInitialization(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
      )
      .openapi(stopRoute, async (c) =>
        c.json({ account: await service.stopInitialization(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
      )
      .openapi(resetRoute, async (c) =>
        c.json({ account: await service.resetAccount(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
      )
      .openapi(downloadRoute, async (c) =>
        c.json({ account: await service.startDownload(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
      )
  );
}
