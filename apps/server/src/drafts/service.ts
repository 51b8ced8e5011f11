import {
  DRAFT_EVENTS,
  type Draft,
  type DraftingSettings,
  type DraftStatus,
  EMAIL_MESSAGES,
  type EmailTriage,
  ZDraft,
  type ZListDraftsQuery,
  type ZUpdateDraftingSettingsRequest,
} from '@penman/contract';
import type { z } from 'zod';
import { notifyCompleted, recipientsForReply, retryDelivery, startDelivery, toDraftDelivery } from '../delivery/service.ts';
import type { Deps } from '../deps.ts';
import type { Env } from '../env.ts';
import { notifyDraftReady } from '../notifications/service.ts';
import type { Db } from '../platform/db/client.ts';
import type { DraftFeedbackAction, DraftRow, SuggestedAttachment } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import type { Queue } from '../platform/queue.ts';
import { publishEvent } from '../platform/realtime.ts';
import type { EmailsTriaged } from '../understanding/jobs.ts';
import { triageOfEmail, triagesOf } from '../understanding/service.ts';
import { builtinDraft, postProcess } from './engine/compose.ts';
import type { ComposeInput, DraftMode, RawDraft } from './engine/types.ts';
import { gatherComposeInput } from './gather.ts';
import { composeDraftJob } from './jobs.ts';
import { clearPause, feedbackComparison, learnDraftingMemory, listPausedAccounts, pauseIfUnused, pauseOf } from './learning-service.ts';
import { draftWithFallback, llmConfigFromEnv } from './llm.ts';
import * as repo from './repo.ts';
import { DEFAULT_DRAFTING_SETTINGS, draftingSettingsOf } from './settings.ts';

export { deleteDraftingMemoryItem, learnFromOwnReplies, listDraftingMemory } from './learning-service.ts';

type Scope = { db: Db; userId: string };
/** The LLM endpoint's settings (env), read by the engine choice and the settings screen. */
type LlmEnv = Pick<Env, 'LLM_BASE_URL' | 'LLM_MODEL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS'>;
export type DraftingDeps = { db: Db; env?: LlmEnv; now?: Date };

export const DRAFT_MESSAGES = {
  notFound: 'Draft not found',
  accountNotFound: 'Email account not found',
  notPending: (status: DraftStatus) =>
    status === 'completed'
      ? `This draft was ${STATUS_WORDS[status]}. Reopen it to answer it yourself.`
      : `This draft was already ${STATUS_WORDS[status]}; it can no longer be changed. Reload the queue to see the current drafts.`,
  notCompleted: 'Only a draft completed by another user of this mailbox can be reopened.',
  outgoing: 'Penman drafts replies to incoming mail only',
  badCursor: 'Invalid cursor',
  unknownAttachment: 'Not a suggested attachment of this draft',
  llmUnavailable: 'The LLM engine is not configured on this server (LLM_BASE_URL and LLM_MODEL)',
  nothingToSend: 'Penman wrote no draft for this email. Write your reply, switch to Buy Time, or dismiss it.',
} as const;

const STATUS_WORDS: Record<DraftStatus, string> = {
  pending: 'pending',
  approved: 'approved',
  edited: 'edited',
  rejected: 'rejected',
  buy_time: 'answered with Buy Time',
  sent: 'sent',
  saved: 'saved to your mailbox',
  completed: 'completed by another user of this mailbox',
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toDraft({ draft, email, accountEmail, delivery }: repo.DraftRecord, triage: EmailTriage | null = null): Draft {
  return ZDraft.parse({
    id: draft.id,
    emailId: draft.emailId,
    emailAccountId: draft.emailAccountId,
    mode: draft.mode,
    status: draft.status,
    subject: draft.subject ?? '',
    body: draft.body,
    originalBody: draft.originalBody,
    needsReview: draft.needsReview,
    reviewReasons: draft.reviewReasons,
    reasons: draft.reasons,
    confidence: draft.confidence,
    styleScore: draft.styleScore,
    engine: draft.engine ?? 'builtin',
    language: draft.language,
    sources: draft.usedSources,
    plan: draft.plan,
    handling: draft.handling,
    noDraftReason: draft.noDraftReason,
    attachments: draft.suggestedAttachments.map(({ id, filename, reason, selected }) => ({ id, filename, reason, selected })),
    createdAt: draft.createdAt.toISOString(),
    updatedAt: draft.updatedAt.toISOString(),
    decidedAt: iso(draft.decidedAt),
    sentAt: iso(draft.sentAt),
    delivery: toDraftDelivery(delivery),
    asks: triage?.asks ?? [],
    // Stored when the draft is written (issue 20); drafts written before: the sender alone.
    recipients: draft.recipients ?? { to: email.senderEmail ? [email.senderEmail] : [], cc: [] },
    email: {
      id: email.id,
      emailAccountId: email.emailAccountId,
      accountEmail,
      senderEmail: email.senderEmail,
      senderName: email.senderName,
      subject: email.subject,
      receivedDate: iso(email.receivedDate),
      bodyText: email.bodyText ?? '',
    },
  });
}

/** Drafts as the queue shows them: each with what its email asks (the understanding's asks). */
async function toDrafts(db: Db, userId: string, records: repo.DraftRecord[]): Promise<Draft[]> {
  const triages = await triagesOf({ db, userId, emailIds: records.map((record) => record.draft.emailId) });
  return records.map((record) => toDraft(record, triages.get(record.draft.emailId) ?? null));
}

async function toOneDraft(db: Db, userId: string, record: repo.DraftRecord): Promise<Draft> {
  return (await toDrafts(db, userId, [record]))[0]!;
}

async function notify(db: Db, userId: string, type: string, draft: { id: string; emailAccountId: string; status: DraftStatus }) {
  await publishEvent(db, userId, { type, data: { draftId: draft.id, emailAccountId: draft.emailAccountId, status: draft.status } }).catch(
    () => {},
  );
}

/** The LLM engine can be chosen only when the server has an endpoint and a model. */
export function llmAvailable(env: LlmEnv | undefined): boolean {
  return Boolean(env?.LLM_BASE_URL && env.LLM_MODEL);
}

/**
 * The one call site of the engines: the LLM engine when the account chose it and the server has an
 * endpoint (falling back to the built-in engine when the endpoint fails), else the built-in engine.
 * Whichever engine wrote it, postProcess finishes it.
 */
export async function chooseEngine(input: ComposeInput, settings: DraftingSettings, env: LlmEnv | undefined): Promise<RawDraft> {
  if (settings.engine === 'llm' && env) return draftWithFallback(input, llmConfigFromEnv(env));
  return builtinDraft(input);
}

/** Mail of the initial download older than this gets no draft (the history, not new mail). */
const INITIAL_DRAFT_WINDOW_MS = 2 * 86_400_000;

/**
 * The subscriber of `emails.triaged`: a drafting job for each email that needs a reply, while the
 * account drafts (not turned off, not paused for unused drafts); of the initial download only the
 * last two days' mail.
 */
export async function draftTriagedMail(
  deps: Pick<Deps, 'db' | 'queue' | 'clock'>,
  { userId, accountId, emailIds, source }: EmailsTriaged,
): Promise<void> {
  const scope = { db: deps.db, userId, accountId };
  const settings = await draftingSettingsOf(scope);
  if (!settings.enabled || emailIds.length === 0 || (await pauseIfUnused({ ...scope, now: deps.clock.now() }))) return;
  const now = deps.clock.now().getTime();
  const dates = new Map((await repo.findEmailDates(deps.db, userId, emailIds)).map((row) => [row.id, row.receivedDate]));
  for (const emailId of emailIds) {
    const received = dates.get(emailId);
    if (received === undefined) continue;
    if (source === 'initial' && (!received || now - received.getTime() > INITIAL_DRAFT_WINDOW_MS)) continue;
    await deps.queue.enqueue(composeDraftJob, { userId, emailId }, { singletonKey: emailId });
  }
}

export type ComposeOutcome = { draftId: string; emailAccountId: string; status: DraftStatus; created: boolean; decided: boolean };

/**
 * Drafts the reply to one of the user's incoming emails and stores it: a new draft, or the email's
 * pending draft written again (`mode` switches it; without it the draft keeps its mode, a new one
 * takes the account's default). A draft the user already decided is never overwritten: the outcome
 * says `decided`. needs_review is triage's or the draft's own (low confidence, unsourced facts).
 */
export async function composeDraftForEmail({
  db,
  env,
  now,
  userId,
  emailId,
  mode,
}: DraftingDeps & { userId: string; emailId: string; mode?: DraftMode }): Promise<ComposeOutcome> {
  const existing = await repo.findDraftIdOfEmail(db, userId, emailId);
  if (existing && existing.status !== 'pending') {
    const record = await repo.findDraft(db, userId, existing.id);
    return { draftId: existing.id, emailAccountId: record!.draft.emailAccountId, status: existing.status, created: false, decided: true };
  }
  const email = await repo.findEmail(db, userId, emailId);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  if (email.isOutgoing) throw new AppError('BAD_REQUEST', DRAFT_MESSAGES.outgoing);
  const accountId = email.emailAccountId;
  const settings = await draftingSettingsOf({ db, userId, accountId });
  const triage = await triageOfEmail({ db, userId, emailId });
  const started = performance.now();
  const { input } = await gatherComposeInput({
    db,
    userId,
    emailId,
    mode: mode ?? existing?.mode ?? settings.defaultMode,
    buyTimeHours: settings.buyTimeHours,
    now: now ?? new Date(),
  });
  const result = postProcess(input, await chooseEngine(input, settings, env));
  const previous = existing ? await repo.findDraft(db, userId, existing.id) : undefined;
  const selectedBefore = new Map(previous?.draft.suggestedAttachments.map((a) => [a.id, a.selected]));
  const attachments: SuggestedAttachment[] = result.suggestedAttachments.map((a) => ({
    id: a.id,
    filename: a.filename,
    reason: a.reason,
    selected: selectedBefore.get(a.id) ?? a.autoAttach,
  }));
  const reviewReasons = [...new Set([...(triage?.reviewReasons ?? []), ...result.reviewReasons])];
  const owner = await repo.findAccount(db, userId, accountId);
  const recipients = recipientsForReply(email, owner ? [owner.emailAddress, ...owner.aliases] : []);
  const stored = await repo.upsertPendingDraft(
    db,
    { userId, emailAccountId: accountId, emailId },
    {
      mode: result.mode,
      subject: result.subject,
      body: result.body,
      suggestedAttachments: attachments,
      needsReview: Boolean(triage?.needsReview) || result.reviewReasons.length > 0,
      reviewReasons,
      engine: result.engine,
      generationMs: Math.round(performance.now() - started),
      styleScore: result.styleMatch,
      confidence: result.confidence,
      reasons: [...new Set([...(triage?.reasons ?? []), ...result.reasons])],
      usedSources: result.usedSources,
      language: result.language,
      plan: result.plan,
      handling: result.handling,
      noDraftReason: result.noDraftReason,
      recipients,
    },
  );
  if (!stored) {
    // Decided on another tab while this draft was being written: the decision stands.
    const decided = (await repo.findDraftIdOfEmail(db, userId, emailId))!;
    return { draftId: decided.id, emailAccountId: accountId, status: decided.status, created: false, decided: true };
  }
  const outcome = { id: stored.id, emailAccountId: accountId, status: stored.status };
  await notify(db, userId, stored.created ? DRAFT_EVENTS.created : DRAFT_EVENTS.updated, outcome);
  if (stored.created)
    await notifyDraftReady(
      { db, userId },
      { subject: result.subject, flagged: Boolean(triage?.needsReview) || result.reviewReasons.length > 0 },
    );
  return { draftId: stored.id, emailAccountId: accountId, status: stored.status, created: stored.created, decided: false };
}

async function requireDraft({ db, userId }: Scope, draftId: string): Promise<repo.DraftRecord> {
  const record = await repo.findDraft(db, userId, draftId);
  if (!record) throw new AppError('NOT_FOUND', DRAFT_MESSAGES.notFound);
  return record;
}

function requirePending(record: repo.DraftRecord): void {
  if (record.draft.status !== 'pending') throw new AppError('CONFLICT', DRAFT_MESSAGES.notPending(record.draft.status));
}

export async function getDraft(scope: Scope & { draftId: string }): Promise<Draft> {
  return toOneDraft(scope.db, scope.userId, await requireDraft(scope, scope.draftId));
}

type Decision = {
  changes: Parameters<typeof repo.updatePendingDraft>[3];
  feedback?: { action: DraftFeedbackAction; finalText: string | null };
};
/** Issue 20: the transition also starts the reply's delivery (same transaction); answers teammates' completed drafts. */
type Within = (
  tx: Parameters<NonNullable<Parameters<typeof repo.updatePendingDraft>[5]>>[0],
  row: { id: string; emailAccountId: string },
) => Promise<void>;

/**
 * Every change of a draft goes through here: it must be pending (409 otherwise: the queue on another
 * tab may be stale), the change and its feedback row (what Penman wrote vs what the user kept) are
 * one transaction, and every open tab hears of it.
 */
async function changePendingDraft(scope: Scope, draftId: string, decide: (draft: DraftRow) => Decision, within?: Within): Promise<Draft> {
  const record = await requireDraft(scope, draftId);
  requirePending(record);
  const { changes, feedback } = decide(record.draft);
  const updated = await repo.updatePendingDraft(
    scope.db,
    scope.userId,
    draftId,
    changes,
    feedback && { ...feedback, originalText: record.draft.body, ...feedbackComparison(record.draft.body, feedback.finalText) },
    within,
  );
  if (!updated) requirePending(await requireDraft(scope, draftId));
  // Learning (issue 20): every decision may change what the account's drafting memory says. The
  // decision is stored either way: a failure to learn is logged, never the user's error.
  if (feedback)
    await learnDraftingMemory({ db: scope.db, userId: scope.userId, accountId: record.draft.emailAccountId }).catch((error: unknown) =>
      logger.warn({ err: error, draftId }, 'drafting memory not learnt'),
    );
  const after = await requireDraft(scope, draftId);
  await notify(scope.db, scope.userId, DRAFT_EVENTS.updated, after.draft);
  return toOneDraft(scope.db, scope.userId, after);
}

// --- issue 20 (delivery): approving or saving an edit delivers the reply -------------------------
type DeliveringScope = Scope & { queue: Pick<Queue, 'enqueue'> };

/** The delivery's start, in the decision's transaction; teammates hear of their completed drafts after it commits. */
async function decideAndDeliver(scope: DeliveringScope, draftId: string, decide: (draft: DraftRow) => Decision): Promise<Draft> {
  let completed: Awaited<ReturnType<typeof startDelivery>> = [];
  const draft = await changePendingDraft(scope, draftId, decide, async (tx, row) => {
    completed = await startDelivery({ tx, queue: scope.queue, userId: scope.userId, draftId, accountId: row.emailAccountId });
  });
  await notifyCompleted(scope.db, completed);
  return draft;
}

/** Approve (Full Response) or Send Now (Buy Time): the decision, and the reply's delivery queued. */
export function approveDraft(scope: DeliveringScope & { draftId: string }): Promise<Draft> {
  return decideAndDeliver(scope, scope.draftId, (draft) => {
    // No draft (plan 'none'): nothing to send; the user writes the reply, asks for Buy Time, or dismisses it.
    if (!draft.body.trim()) throw new AppError('BAD_REQUEST', DRAFT_MESSAGES.nothingToSend);
    const status = draft.mode === 'buy_time' ? 'buy_time' : 'approved';
    return { changes: { status, decidedAt: new Date() }, feedback: { action: status, finalText: draft.body } };
  });
}

/** Retry of a failed delivery (issue 20): the draft with its delivery queued again. */
export async function retryDraftDelivery(scope: DeliveringScope & { draftId: string }): Promise<Draft> {
  await requireDraft(scope, scope.draftId);
  await retryDelivery(scope);
  return getDraft(scope);
}

/** Saving an edit keeps both texts: the draft's body becomes the user's, originalBody keeps Penman's; the edited reply is delivered. */
export function editDraft(scope: DeliveringScope & { draftId: string; body: string; subject?: string | undefined }): Promise<Draft> {
  return decideAndDeliver(scope, scope.draftId, (draft) => ({
    changes: {
      status: 'edited',
      body: scope.body,
      ...(scope.subject ? { subject: scope.subject } : {}),
      originalBody: draft.originalBody ?? draft.body,
      decidedAt: new Date(),
    },
    feedback: { action: 'edited', finalText: scope.body },
  }));
}

export function rejectDraft(scope: Scope & { draftId: string }): Promise<Draft> {
  return changePendingDraft(scope, scope.draftId, () => ({
    changes: { status: 'rejected', decidedAt: new Date() },
    feedback: { action: 'rejected', finalText: null },
  }));
}

/**
 * Reopen: a draft another user of the mailbox completed (by approving their own) goes back to the
 * owner's queue as pending, to approve, edit or reject after all; 409 for any other status.
 */
export async function reopenDraft(scope: Scope & { draftId: string }): Promise<Draft> {
  await requireDraft(scope, scope.draftId);
  if (!(await repo.reopenCompletedDraft(scope.db, scope.userId, scope.draftId)))
    throw new AppError('CONFLICT', DRAFT_MESSAGES.notCompleted);
  const after = await requireDraft(scope, scope.draftId);
  await notify(scope.db, scope.userId, DRAFT_EVENTS.updated, after.draft);
  return toDraft(after);
}

/** Which suggested files go with the reply (only files the draft suggested). */
export function selectDraftAttachments(scope: Scope & { draftId: string; selectedIds: string[] }): Promise<Draft> {
  return changePendingDraft(scope, scope.draftId, (draft) => {
    const known = new Set(draft.suggestedAttachments.map((a) => a.id));
    if (scope.selectedIds.some((id) => !known.has(id)))
      throw new AppError('VALIDATION', DRAFT_MESSAGES.unknownAttachment, { fields: { selectedIds: DRAFT_MESSAGES.unknownAttachment } });
    const selected = new Set(scope.selectedIds);
    return { changes: { suggestedAttachments: draft.suggestedAttachments.map((a) => ({ ...a, selected: selected.has(a.id) })) } };
  });
}

/** Full Response <-> Buy Time: the draft is written again in that mode and stays pending. */
export async function switchDraftMode(deps: DraftingDeps & { userId: string; draftId: string; mode: DraftMode }): Promise<Draft> {
  const scope = { db: deps.db, userId: deps.userId };
  const record = await requireDraft(scope, deps.draftId);
  requirePending(record);
  const outcome = await composeDraftForEmail({ ...deps, emailId: record.draft.emailId, mode: deps.mode });
  if (outcome.decided) requirePending(await requireDraft(scope, deps.draftId));
  return getDraft({ ...scope, draftId: outcome.draftId });
}

/** "Draft it now, or again" from the Emails view: 409 when the email's draft was already decided. */
export async function draftEmailNow(deps: DraftingDeps & { userId: string; emailId: string }): Promise<Draft> {
  const outcome = await composeDraftForEmail(deps);
  const record = await requireDraft(deps, outcome.draftId);
  if (outcome.decided) requirePending(record);
  return toOneDraft(deps.db, deps.userId, record);
}

/** The email's draft and triage decision (Emails view); 404 when the email is not the user's. */
export async function getEmailDraft({ db, userId, emailId }: Scope & { emailId: string }) {
  const email = await repo.findEmail(db, userId, emailId);
  if (!email) throw new AppError('NOT_FOUND', EMAIL_MESSAGES.notFound);
  const [existing, triage] = await Promise.all([repo.findDraftIdOfEmail(db, userId, emailId), triageOfEmail({ db, userId, emailId })]);
  const record = existing ? await repo.findDraft(db, userId, existing.id) : undefined;
  return { draft: record ? toDraft(record, triage) : null, triage };
}

// The cursor is the last draft of a page: its creation time (milliseconds, as the list orders) and id.
function encodeCursor(draft: DraftRow): string {
  return Buffer.from(JSON.stringify([draft.createdAt.toISOString(), draft.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): repo.DraftCursor | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new AppError('VALIDATION', DRAFT_MESSAGES.badCursor, { fields: { cursor: DRAFT_MESSAGES.badCursor } });
  }
}

/** The review queue: pending drafts by default, newest first, by account and "needs review". */
export async function listDrafts({ db, userId, query }: Scope & { query: z.output<typeof ZListDraftsQuery> }) {
  const filters = {
    status: query.status ?? 'pending',
    ...(query.accountId ? { accountId: query.accountId } : {}),
    ...(query.needsReview ? { needsReview: query.needsReview === 'true' } : {}),
  };
  const page = await repo.listDrafts(db, userId, filters, decodeCursor(query.cursor), query.limit);
  const last = page.rows.at(-1);
  return {
    drafts: await toDrafts(db, userId, page.rows),
    nextCursor: page.more && last ? encodeCursor(last.draft) : null,
    total: page.total,
  };
}

/** Pending drafts of every account, and how many need review (the queue's badge and the overview card). */
export async function countDrafts({ db, userId }: Scope) {
  const [counts, paused] = await Promise.all([repo.countPending(db, userId), listPausedAccounts({ db, userId })]);
  // Accounts whose auto-drafting paused itself (issue 20): the overview's card says so.
  return { ...counts, paused };
}

async function requireAccount({ db, userId }: Scope, accountId: string) {
  const account = await repo.findAccount(db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', DRAFT_MESSAGES.accountNotFound);
  return account;
}

export async function getDraftingSettings({ db, env, userId, accountId }: Scope & { env: LlmEnv; accountId: string }) {
  await requireAccount({ db, userId }, accountId);
  return {
    settings: await draftingSettingsOf({ db, userId, accountId }),
    llmAvailable: llmAvailable(env),
    llmModel: env.LLM_MODEL ?? null,
    pause: pauseOf(await repo.findDraftingSettings(db, userId, accountId)),
  };
}

/** Lists keep their first spelling of each item (compared case-insensitively). */
function uniqueItems(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function updateDraftingSettings({
  db,
  env,
  userId,
  accountId,
  changes,
}: Scope & { env: LlmEnv; accountId: string; changes: z.output<typeof ZUpdateDraftingSettingsRequest> }) {
  await requireAccount({ db, userId }, accountId);
  if (changes.engine === 'llm' && !llmAvailable(env))
    throw new AppError('VALIDATION', DRAFT_MESSAGES.llmUnavailable, { fields: { engine: DRAFT_MESSAGES.llmUnavailable } });
  const current = await draftingSettingsOf({ db, userId, accountId });
  const next: DraftingSettings = { ...DEFAULT_DRAFTING_SETTINGS, ...current };
  for (const [key, value] of Object.entries(changes)) if (value !== undefined) Object.assign(next, { [key]: value });
  next.reviewWords = uniqueItems(next.reviewWords);
  next.reviewSenders = uniqueItems(next.reviewSenders);
  next.ignoredSenders = uniqueItems(next.ignoredSenders);
  await repo.saveDraftingSettings(db, userId, accountId, next);
  // Turning drafting on again clears a pause (issue 20) and starts the count of unused drafts again.
  if (changes.enabled && !current.enabled) await clearPause({ db, userId, accountId });
  return getDraftingSettings({ db, env, userId, accountId });
}
