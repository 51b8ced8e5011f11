import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ZAcceptInvitationRequest, ZApiError, ZInvitationInfo, ZSessionUser, ZText } from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { json } from '../platform/http/openapi.ts';
import * as service from './service.ts';

const ZTokenParam = z.object({ token: ZText.min(20).max(200) });

const getInvitationRoute = createRoute({
  method: 'get',
  path: '/invitations/{token}',
  tags: ['invitations'],
  request: { params: ZTokenParam },
  responses: { 200: json(ZInvitationInfo, 'The invitation'), 404: json(ZApiError, 'Unknown or used'), 410: json(ZApiError, 'Expired') },
});

const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/invitations/{token}/accept',
  tags: ['invitations'],
  request: { params: ZTokenParam, body: { content: { 'application/json': { schema: ZAcceptInvitationRequest } }, required: true } },
  responses: {
    200: json(z.object({ user: ZSessionUser.pick({ id: true, email: true }) }), 'Account created and signed in'),
    400: json(ZApiError, 'Invalid input'),
    404: json(ZApiError, 'Unknown or used'),
    409: json(ZApiError, 'Email taken'),
    410: json(ZApiError, 'Expired'),
  },
});

export function invitationRoutes(deps: Deps) {
  return new OpenAPIHono({ defaultHook: validationHook })
    .openapi(getInvitationRoute, async (c) => {
      const invitation = await service.getInvitation({ db: deps.db, token: c.req.valid('param').token });
      return c.json(invitation, 200);
    })
    .openapi(acceptInvitationRoute, async (c) => {
      const input = c.req.valid('json');
      const user = await service.acceptInvitation({ db: deps.db, auth: deps.auth, token: c.req.valid('param').token, input });
      // Sign the new user in on this device: better-auth answers with the session cookie.
      const signIn = await deps.auth.api.signInEmail({
        body: { email: user.email, password: input.password },
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      for (const cookie of signIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ user: { id: user.id, email: user.email } }, 200);
    });
}
