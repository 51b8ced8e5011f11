import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ZApiError,
  ZDraftAttachmentsRequest,
  ZDraftingSettingsResponse,
  ZDraftResponse,
  ZEditDraftRequest,
  ZEmailDraftResponse,
  ZListDraftsQuery,
  ZListDraftsResponse,
  ZPausedAccount,
  ZSwitchDraftModeRequest,
  ZUpdateDraftingSettingsRequest,
} from '@penman/contract';
import { draftEml } from '../delivery/service.ts';
import type { Deps } from '../deps.ts';
import { downloadHeaders } from '../platform/http/download.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const ZDraftCountsResponse = z.object({ pending: z.number().int(), needsReview: z.number().int(), paused: z.array(ZPausedAccount) });

const errors = {
  400: json(ZApiError, 'Invalid input'),
  401: json(ZApiError, 'Not signed in'),
  404: json(ZApiError, 'No such draft of yours'),
};
const actionErrors = { ...errors, 409: json(ZApiError, 'The draft is no longer pending (decided, maybe on another tab)') };

const listRoute = createRoute({
  method: 'get',
  path: '/drafts',
  tags: ['drafts'],
  security,
  description: 'The review queue: drafts of every account (pending by default), newest first; filter by account and "needs review".',
  request: { query: ZListDraftsQuery },
  responses: { 200: json(ZListDraftsResponse, 'One page and the exact total'), ...errors },
});
const countsRoute = createRoute({
  method: 'get',
  path: '/drafts/counts',
  tags: ['drafts'],
  security,
  request: {},
  responses: { 200: json(ZDraftCountsResponse, 'Pending drafts of every account, and how many need review'), 401: errors[401] },
});
const getRoute = createRoute({
  method: 'get',
  path: '/drafts/{id}',
  tags: ['drafts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZDraftResponse, 'The draft'), ...errors },
});
const action = (name: 'approve' | 'reject' | 'reopen', description: string) =>
  createRoute({
    method: 'post',
    path: `/drafts/{id}/${name}` as `/drafts/{id}/${typeof name}`,
    tags: ['drafts'],
    security,
    description,
    request: { params: ZIdParam },
    responses: { 200: json(ZDraftResponse, 'The draft after the action'), ...actionErrors },
  });
const approveRoute = action('approve', "Approve (Full Response: 'approved') or Send Now (Buy Time: 'buy_time').");
const rejectRoute = action('reject', "Reject: 'rejected'.");
const reopenRoute = action(
  'reopen',
  "Reopen a draft another user of the mailbox completed ('completed' -> 'pending'), to answer it yourself.",
);
const editRoute = createRoute({
  method: 'post',
  path: '/drafts/{id}/edit',
  tags: ['drafts'],
  security,
  description: "Saves the user's text: 'edited', with Penman's text kept as originalBody.",
  request: { params: ZIdParam, body: jsonBody(ZEditDraftRequest) },
  responses: { 200: json(ZDraftResponse, 'The edited draft'), ...actionErrors },
});
const modeRoute = createRoute({
  method: 'post',
  path: '/drafts/{id}/mode',
  tags: ['drafts'],
  security,
  description: 'Full Response <-> Buy Time: the draft is written again in that mode and stays pending.',
  request: { params: ZIdParam, body: jsonBody(ZSwitchDraftModeRequest) },
  responses: { 200: json(ZDraftResponse, 'The draft written again'), ...actionErrors },
});
const attachmentsRoute = createRoute({
  method: 'put',
  path: '/drafts/{id}/attachments',
  tags: ['drafts'],
  security,
  description: 'Which of the suggested files go with the reply (the whole selection).',
  request: { params: ZIdParam, body: jsonBody(ZDraftAttachmentsRequest) },
  responses: { 200: json(ZDraftResponse, 'The draft with its selection'), ...actionErrors },
});
const emailDraftRoute = createRoute({
  method: 'get',
  path: '/emails/{id}/draft',
  tags: ['drafts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZEmailDraftResponse, "The email's draft (null when none) and triage"), ...errors },
});
const draftEmailRoute = createRoute({
  method: 'post',
  path: '/emails/{id}/draft',
  tags: ['drafts'],
  security,
  description: "Drafts the email's reply now, or again while its draft is pending.",
  request: { params: ZIdParam },
  responses: { 200: json(ZDraftResponse, 'The draft'), ...actionErrors },
});
const settingsRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/drafting-settings',
  tags: ['drafts'],
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZDraftingSettingsResponse, "The account's drafting settings"), ...accountErrors },
});
const updateSettingsRoute = createRoute({
  method: 'patch',
  path: '/accounts/{id}/drafting-settings',
  tags: ['drafts'],
  security,
  description: 'Changes the given settings; lists are replaced whole. The LLM engine only when the server has one.',
  request: { params: ZIdParam, body: jsonBody(ZUpdateDraftingSettingsRequest) },
  responses: { 200: json(ZDraftingSettingsResponse, 'The settings saved'), ...accountErrors },
});

// Issue 20 (delivery): Retry of a failed delivery, and the reply as an .eml download.
const retryDeliveryRoute = createRoute({
  method: 'post',
  path: '/drafts/{id}/retry-delivery',
  tags: ['drafts'],
  security,
  description: 'Retry of a failed delivery (queued again; the mailbox is checked for the reply before it is sent again).',
  request: { params: ZIdParam },
  responses: { 200: json(ZDraftResponse, 'The draft, its delivery queued'), ...actionErrors },
});
const emlRoute = createRoute({
  method: 'get',
  path: '/drafts/{id}/eml',
  tags: ['drafts'],
  security,
  description: 'The reply as a message (RFC 822) download, with its headers, signature and attachments.',
  request: { params: ZIdParam },
  responses: { 200: { content: { 'message/rfc822': { schema: z.string() } }, description: 'The reply' }, ...errors },
});

export function draftRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/drafts', requireUser(deps));
  app.use('/drafts/*', requireUser(deps));
  app.use('/emails/:id/draft', requireUser(deps));
  app.use('/accounts/:id/drafting-settings', requireUser(deps));
  const scope = (userId: string) => ({ db: deps.db, userId });
  const drafting = (userId: string) => ({ db: deps.db, env: deps.env, userId });
  return app
    .openapi(listRoute, async (c) => c.json(await service.listDrafts({ ...scope(c.get('userId')), query: c.req.valid('query') }), 200))
    .openapi(countsRoute, async (c) => c.json(await service.countDrafts(scope(c.get('userId'))), 200))
    .openapi(getRoute, async (c) =>
      c.json({ draft: await service.getDraft({ ...scope(c.get('userId')), draftId: c.req.valid('param').id }) }, 200),
    )
    .openapi(approveRoute, async (c) =>
      c.json(
        { draft: await service.approveDraft({ ...scope(c.get('userId')), queue: deps.queue, draftId: c.req.valid('param').id }) },
        200,
      ),
    )
    .openapi(rejectRoute, async (c) =>
      c.json({ draft: await service.rejectDraft({ ...scope(c.get('userId')), draftId: c.req.valid('param').id }) }, 200),
    )
    .openapi(reopenRoute, async (c) =>
      c.json({ draft: await service.reopenDraft({ ...scope(c.get('userId')), draftId: c.req.valid('param').id }) }, 200),
    )
    .openapi(editRoute, async (c) => {
      const { body, subject } = c.req.valid('json');
      const draftId = c.req.valid('param').id;
      const draft = await service.editDraft({ ...scope(c.get('userId')), queue: deps.queue, draftId, body, subject });
      return c.json({ draft }, 200);
    })
    .openapi(modeRoute, async (c) => {
      const draftId = c.req.valid('param').id;
      const draft = await service.switchDraftMode({ ...drafting(c.get('userId')), draftId, mode: c.req.valid('json').mode });
      return c.json({ draft }, 200);
    })
    .openapi(attachmentsRoute, async (c) => {
      const draftId = c.req.valid('param').id;
      const draft = await service.selectDraftAttachments({
        ...scope(c.get('userId')),
        draftId,
        selectedIds: c.req.valid('json').selectedIds,
      });
      return c.json({ draft }, 200);
    })
    .openapi(emailDraftRoute, async (c) =>
      c.json(await service.getEmailDraft({ ...scope(c.get('userId')), emailId: c.req.valid('param').id }), 200),
    )
    .openapi(draftEmailRoute, async (c) =>
      c.json({ draft: await service.draftEmailNow({ ...drafting(c.get('userId')), emailId: c.req.valid('param').id }) }, 200),
    )
    .openapi(settingsRoute, async (c) =>
      c.json(await service.getDraftingSettings({ ...drafting(c.get('userId')), accountId: c.req.valid('param').id }), 200),
    )
    .openapi(retryDeliveryRoute, async (c) =>
      c.json(
        { draft: await service.retryDraftDelivery({ ...scope(c.get('userId')), queue: deps.queue, draftId: c.req.valid('param').id }) },
        200,
      ),
    )
    .openapi(emlRoute, async (c) => {
      const { raw, filename } = await draftEml(deps, { userId: c.get('userId'), draftId: c.req.valid('param').id });
      return c.body(new Uint8Array(raw), 200, downloadHeaders({ contentType: 'message/rfc822', filename }));
    })
    .openapi(updateSettingsRoute, async (c) => {
      const accountId = c.req.valid('param').id;
      return c.json(await service.updateDraftingSettings({ ...drafting(c.get('userId')), accountId, changes: c.req.valid('json') }), 200);
    });
}
