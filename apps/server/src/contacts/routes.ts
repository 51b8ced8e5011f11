import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZApiError,
  ZListCompaniesResponse,
  ZListContactsQuery,
  ZListContactsResponse,
  ZReprocessContactsResponse,
  ZUpdateContactRequest,
  ZUpdateContactResponse,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const errors = { ...accountErrors, 404: json(ZApiError, 'No such account or contact of yours') };

const listRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/contacts',
  tags: ['contacts'],
  security,
  description:
    "The account's contacts with their statistics, most interactions first. `search` matches names, address and company (case- and accent-insensitive); `strength` is the interaction-frequency band.",
  request: { params: ZIdParam, query: ZListContactsQuery },
  responses: { 200: json(ZListContactsResponse, 'One page and the exact total'), ...errors },
});
const companiesRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/contacts/companies',
  tags: ['contacts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZListCompaniesResponse, "The companies of the account's contacts, A to Z"), ...errors },
});
const reprocessRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/contacts/reprocess',
  tags: ['contacts'],
  security,
  description: "Rebuilds the contact book from the account's mail; answers when done. The user's edits and deletions are kept.",
  request: { params: ZIdParam },
  responses: { 200: json(ZReprocessContactsResponse, 'Rebuilt'), ...errors },
});
const updateRoute = createRoute({
  method: 'patch',
  path: '/contacts/{id}',
  tags: ['contacts'],
  security,
  description: 'Notes, phone number, job title and department. Empty phone, job title or department is stored as null.',
  request: { params: ZIdParam, body: jsonBody(ZUpdateContactRequest) },
  responses: { 200: json(ZUpdateContactResponse, 'Updated'), ...errors },
});

export function contactRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/:id/contacts', requireUser(deps));
  app.use('/accounts/:id/contacts/*', requireUser(deps));
  app.use('/contacts/*', requireUser(deps));
  const scope = (userId: string, accountId: string) => ({ db: deps.db, userId, accountId });
  return app
    .openapi(listRoute, async (c) =>
      c.json(await service.listContacts({ ...scope(c.get('userId'), c.req.valid('param').id), filters: c.req.valid('query') }), 200),
    )
    .openapi(companiesRoute, async (c) =>
      c.json({ companies: await service.listCompanies(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(reprocessRoute, async (c) =>
      c.json({ contactsCount: await service.rebuildContacts(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(updateRoute, async (c) => {
      const contact = await service.updateContact({
        db: deps.db,
        userId: c.get('userId'),
        contactId: c.req.valid('param').id,
        changes: c.req.valid('json'),
      });
      return c.json({ contact }, 200);
    });
}
