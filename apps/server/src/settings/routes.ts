import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZAccountInfoResponse,
  ZApiError,
  ZDeleteMyAccountRequest,
  ZProfileResponse,
  ZRevokeOtherSessionsResponse,
  ZSessionIdParam,
  ZSessionsResponse,
  ZUpdateProfileRequest,
} from '@penman/contract';
import { deleteCookie } from 'hono/cookie';
import type { Deps } from '../deps.ts';
import { clientIp } from '../platform/http/client-ip.ts';
import { downloadHeaders } from '../platform/http/download.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json, jsonBody, security } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import { deleteMyAccount } from './delete-account-service.ts';
import { exportUserData } from './export-service.ts';
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

const exportRoute = createRoute({
  method: 'get',
  path: '/settings/export',
  tags: ['settings'],
  security,
  description:
    "The caller's data as a zip, streamed as it is written (no Content-Length): profile and settings, each mailbox as mbox, contacts (CSV, vCard), style profiles, drafts with feedback, stored files.",
  responses: {
    200: { description: 'The zip', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
    ...unauthorized,
  },
});

const deleteMyAccountRoute = createRoute({
  method: 'post',
  path: '/settings/delete-account',
  tags: ['settings'],
  security,
  description:
    'Deletes the caller: typed confirmation, current password, and the TOTP code when two-factor is on. Every row, file, job and session of the user is gone when it answers.',
  request: { body: jsonBody(ZDeleteMyAccountRequest) },
  responses: {
    204: { description: 'Deleted and signed out everywhere' },
    400: json(ZApiError, 'Wrong confirmation, password or code'),
    ...unauthorized,
  },
});

const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/** The export's file name: penman-export-YYYY-MM-DD.zip. */
const exportFileName = (now: Date) => `penman-export-${now.toISOString().slice(0, 10)}.zip`;

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
      const ip = clientIp(c, deps.env.TRUSTED_PROXY);
      const profile = await service.updateProfile({ db: deps.db, auth: deps.auth, userId: c.get('userId'), ip, input });
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
    })
    .openapi(exportRoute, async (c) => {
      const zip = await exportUserData({ db: deps.db, files: deps.files, storage: deps.storage, userId: c.get('userId') });
      const headers = downloadHeaders({ contentType: 'application/zip', filename: exportFileName(deps.clock.now()) });
      return c.body(Readable.toWeb(zip) as ReadableStream, 200, headers);
    })
    .openapi(deleteMyAccountRoute, async (c) => {
      await deleteMyAccount({ ...deps, userId: c.get('userId'), ip: clientIp(c, deps.env.TRUSTED_PROXY), input: c.req.valid('json') });
      // Every session row is gone (signed out everywhere); this browser's cookies go too.
      for (const name of SESSION_COOKIES) deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
      return c.body(null, 204);
    });
}
