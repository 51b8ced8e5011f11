import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ZAnalyzeStyleResponse,
  ZApiError,
  ZDeleteTrainingEmailsResponse,
  ZPruneOutgoingResponse,
  ZTrainingAnalysisResponse,
  ZTrainingDownloadRequest,
  ZTrainingOverviewResponse,
  ZTrainingRunRequest,
  ZTrainingRunResponse,
  ZTrainingSessionsResponse,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { validationHook } from '../platform/http/errors.ts';
import { accountErrors, json, jsonBody, security, ZIdParam } from '../platform/http/openapi.ts';
import { requireUser } from '../platform/http/session.ts';
import type { AppEnv } from '../platform/http/types.ts';
import * as service from './service.ts';

const tags = ['training'];
const conflict = { 409: json(ZApiError, 'A download is already running, or training emails already exist') };

const overviewRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/training',
  tags,
  security,
  description:
    "The Training screen of one account: the Training Data Details counts, the derived training status, the last session's dates and the range to offer (the newest 3 months that hold mail), the running (else latest) session for the Download in Progress box, and the style analysis' figures.",
  request: { params: ZIdParam },
  responses: { 200: json(ZTrainingOverviewResponse, 'The overview'), ...accountErrors },
});
const downloadRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/training/download',
  tags,
  security,
  description:
    'training-download-emails: downloads the range (start <= end <= today, at least 3 months by month difference) as training data, in a background job; the mail of the range already stored is flagged too. Refused while the account has training emails.',
  request: { params: ZIdParam, body: jsonBody(ZTrainingDownloadRequest) },
  responses: { 202: json(ZTrainingRunResponse, 'Started: the session'), ...accountErrors, ...conflict },
});
const runRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/training/runs',
  tags,
  security,
  description:
    'download-exchange-emails: contactsOnlyInbox downloads the inbox of the range (inbox page cap) then rebuilds the contacts (Build Inbox Contacts); styleOnlySent downloads the sent mail (sent style cap) then builds the style profile (Generate Sent Style Corpus).',
  request: { params: ZIdParam, body: jsonBody(ZTrainingRunRequest) },
  responses: { 202: json(ZTrainingRunResponse, 'Started: the session'), ...accountErrors, ...conflict },
});
const sessionsRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/training/sessions',
  tags,
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZTrainingSessionsResponse, 'The 5 most recent sessions, newest first'), ...accountErrors },
});
const deleteSessionRoute = createRoute({
  method: 'delete',
  path: '/training-sessions/{id}',
  tags,
  security,
  request: { params: ZIdParam },
  responses: { 204: { description: 'Deleted' }, ...accountErrors, 404: json(ZApiError, 'No such session of yours') },
});
const deleteEmailsRoute = createRoute({
  method: 'delete',
  path: '/accounts/{id}/training/emails',
  tags,
  security,
  description:
    "Delete All Training Emails: removes the account's emails flagged is_training_data, resets the training fields and recounts every counter from the mail that remains.",
  request: { params: ZIdParam },
  responses: { 200: json(ZDeleteTrainingEmailsResponse, 'How many emails were deleted'), ...accountErrors },
});
const pruneRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/training/prune',
  tags,
  security,
  description:
    'prune-outgoing-emails: deletes sent mail that says nothing about the user’s own voice (auto-replies, calendar answers, forwards without own text, duplicate copies, mostly quoted mail). 400 "No Outgoing Emails: …" without sent mail.',
  request: { params: ZIdParam },
  responses: { 200: json(ZPruneOutgoingResponse, 'How many emails were deleted'), ...accountErrors },
});
const analysisRoute = createRoute({
  method: 'get',
  path: '/accounts/{id}/training/analysis',
  tags,
  security,
  request: { params: ZIdParam },
  responses: { 200: json(ZTrainingAnalysisResponse, 'The topic analysis, or null before the first one'), ...accountErrors },
});
const analyzeRoute = createRoute({
  method: 'post',
  path: '/accounts/{id}/style/analyze',
  tags,
  security,
  description:
    'analyze-communication-style (Train Model): builds and stores the communication-style profile from the newest sent mail (up to sent_style_cap), then the topic analysis. 400 "No Training Emails" without sent mail.',
  request: { params: ZIdParam },
  responses: { 200: json(ZAnalyzeStyleResponse, 'The stored profile'), ...accountErrors },
});

export function trainingRoutes(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/accounts/:id/training', requireUser(deps));
  app.use('/accounts/:id/training/*', requireUser(deps));
  app.use('/accounts/:id/style/analyze', requireUser(deps));
  app.use('/training-sessions/*', requireUser(deps));
  const scope = (userId: string, accountId: string) => ({ db: deps.db, userId, accountId });
  return app
    .openapi(overviewRoute, async (c) =>
      c.json(
        { overview: await service.getTrainingOverview({ ...scope(c.get('userId'), c.req.valid('param').id), clock: deps.clock }) },
        200,
      ),
    )
    .openapi(downloadRoute, async (c) => {
      const started = await service.startTrainingRun(
        { ...scope(c.get('userId'), c.req.valid('param').id), queue: deps.queue, clock: deps.clock },
        { kind: 'training', ...c.req.valid('json') },
      );
      return c.json(started, 202);
    })
    .openapi(runRoute, async (c) => {
      const { contactsOnlyInbox, styleOnlySent, startDate, endDate } = c.req.valid('json');
      const kind = contactsOnlyInbox ? 'inbox_contacts' : styleOnlySent ? 'sent_style' : 'training';
      const started = await service.startTrainingRun(
        { ...scope(c.get('userId'), c.req.valid('param').id), queue: deps.queue, clock: deps.clock },
        { kind, startDate, endDate },
      );
      return c.json(started, 202);
    })
    .openapi(sessionsRoute, async (c) =>
      c.json({ sessions: await service.listTrainingSessions(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(deleteSessionRoute, async (c) => {
      await service.deleteTrainingSession({ db: deps.db, userId: c.get('userId'), sessionId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(deleteEmailsRoute, async (c) =>
      c.json({ emailsDeleted: await service.deleteTrainingEmails(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(pruneRoute, async (c) => c.json(await service.pruneOutgoing(scope(c.get('userId'), c.req.valid('param').id)), 200))
    .openapi(analysisRoute, async (c) =>
      c.json({ analysis: await service.getTopicAnalysis(scope(c.get('userId'), c.req.valid('param').id)) }, 200),
    )
    .openapi(analyzeRoute, async (c) => c.json(await service.trainModel(scope(c.get('userId'), c.req.valid('param').id)), 200));
}
