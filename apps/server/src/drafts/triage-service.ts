import type { Deps } from '../deps.ts';
import type { MailStored } from '../mail/jobs.ts';
import type { Db } from '../platform/db/client.ts';
import { logger } from '../platform/logger.ts';
import { learnReplyHistory, needsReply, needsReview, type Owner, type ReplyHistory, type TriageMail } from './engine/triage.ts';
import { composeDraftJob, relearnTriageJob } from './jobs.ts';
import { pauseIfUnused } from './learning-service.ts';
import * as repo from './repo.ts';
import { draftingSettingsOf } from './settings.ts';

/**
 * Triage of stored mail: needs_reply and needs_review for every incoming email a sync stored (not
 * training downloads), then a drafting job for each email that needs a reply. The needs_reply model
 * is learned from the account's own mail, again as replies arrive (at most every
 * TRIAGE_RELEARN_MINUTES) and after training; without one, triage's rule fallback decides.
 */

type Scope = { db: Db; userId: string; accountId: string };

/** Mail of the initial download older than this gets a triage decision but no draft (the history, not new mail). */
const INITIAL_DRAFT_WINDOW_MS = 2 * 86_400_000;
/** After the initial download the model is learned this much later, so one run follows all its batches. */
const INITIAL_RELEARN_DELAY_SECONDS = 30;

// ReplyHistory holds Maps: stored as { $map: entries } by a generic replacer, so whatever fields the
// triage engine adds are kept without a change here.
function mapsToEntries(_key: string, value: unknown): unknown {
  return value instanceof Map ? { $map: [...value.entries()] } : value;
}
function entriesToMaps(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && '$map' in value && Array.isArray((value as { $map: unknown }).$map))
    return new Map((value as { $map: [unknown, unknown][] }).$map);
  return value;
}
export const serializeHistory = (history: ReplyHistory): unknown => JSON.parse(JSON.stringify(history, mapsToEntries));
export const deserializeHistory = (stored: unknown): ReplyHistory => JSON.parse(JSON.stringify(stored), entriesToMaps) as ReplyHistory;

/** Nothing learned yet: triage's rule fallback (a person's mail addressed to the user needs a reply). */
function emptyHistory(): ReplyHistory {
  return learnReplyHistory({ incoming: [], sent: [], owner: { addresses: [] } });
}

export function toTriageMail(row: Omit<repo.TriageMailRow, 'attachmentTypes'> & { attachmentTypes?: string[] }): TriageMail {
  const lower = (list: string[]) => list.map((address) => address.toLowerCase());
  return {
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    subject: row.subject,
    senderEmail: row.senderEmail?.toLowerCase() ?? null,
    recipientEmails: lower(row.recipientEmails),
    ccEmails: lower(row.ccEmails),
    bodyText: row.bodyText,
    receivedDate: row.receivedDate,
    headers: row.headers,
    ...(row.attachmentTypes ? { attachmentTypes: row.attachmentTypes } : {}),
  };
}

/** The account's own addresses: its address and the aliases the user confirmed. */
export async function ownerOf({ db, userId, accountId }: Scope): Promise<Owner | null> {
  const account = await repo.findAccount(db, userId, accountId);
  if (!account) return null;
  return { addresses: [...new Set([account.emailAddress, ...account.aliases].map((a) => a.trim().toLowerCase()))] };
}

async function loadHistory({ db, userId, accountId }: Scope): Promise<{ history: ReplyHistory; learnedAt: Date | null }> {
  const row = await repo.findTriageModel(db, userId, accountId);
  if (!row) return { history: emptyHistory(), learnedAt: null };
  return { history: deserializeHistory(row.model), learnedAt: row.learnedAt };
}

export type TriageDecision = repo.TriageDecisionRow;

/** Decides and stores triage for the given emails of one account (incoming mail only); answers the decisions. */
export async function triageEmails(scope: Scope & { emailIds: string[] }): Promise<TriageDecision[]> {
  const owner = await ownerOf(scope);
  if (!owner) return [];
  const rows = (await repo.loadMailForTriage(scope.db, scope.userId, scope.accountId, scope.emailIds)).filter((row) => !row.isOutgoing);
  if (rows.length === 0) return [];
  const [{ history }, settings, earlierByEmail] = await Promise.all([
    loadHistory(scope),
    draftingSettingsOf(scope),
    repo.loadEarlierThreadMail(
      scope.db,
      scope.userId,
      scope.accountId,
      rows.map((row) => row.id),
    ),
  ]);
  const rules = { words: settings.reviewWords, senders: settings.reviewSenders };
  const decisions = rows.map((row) => {
    const mail = toTriageMail(row);
    const earlier = (earlierByEmail.get(row.id) ?? []).map(toTriageMail);
    const reply = needsReply(mail, { owner, history, ignoredSenders: settings.ignoredSenders, earlier });
    const review = needsReview(mail, { history, rules });
    return {
      emailId: row.id,
      needsReply: reply.needsReply,
      needsReview: review.needsReview,
      score: reply.score,
      reasons: reply.reasons,
      reviewReasons: review.reasons,
    };
  });
  await repo.upsertTriage(scope.db, scope.userId, scope.accountId, decisions);
  return decisions;
}

/**
 * The subscriber of mail stored: triage of the batch's incoming mail, a drafting job for each email
 * that needs a reply (new mail; of the initial download only the last two days'), and the model
 * learned again when the batch brought sent mail or was the initial download.
 */
export async function triageStoredMail(deps: Pick<Deps, 'db' | 'queue' | 'env' | 'clock'>, payload: MailStored): Promise<void> {
  const { userId, accountId, emailIds, source } = payload;
  if (source === 'training' || emailIds.length === 0) return;
  const scope = { db: deps.db, userId, accountId };
  const rows = await repo.loadMailForTriage(deps.db, userId, accountId, emailIds);
  const incoming = rows.filter((row) => !row.isOutgoing && !row.isTrainingData);
  const decisions = await triageEmails({ ...scope, emailIds: incoming.map((row) => row.id) });
  const settings = await draftingSettingsOf(scope);
  // Auto-drafting pauses itself when the account's last drafts all went unused (issue 20).
  if (settings.enabled && decisions.some((d) => d.needsReply) && !(await pauseIfUnused({ ...scope, now: deps.clock.now() }))) {
    const now = deps.clock.now().getTime();
    const dateOf = new Map(incoming.map((row) => [row.id, row.receivedDate]));
    for (const decision of decisions) {
      if (!decision.needsReply) continue;
      const received = dateOf.get(decision.emailId);
      if (source === 'initial' && (!received || now - received.getTime() > INITIAL_DRAFT_WINDOW_MS)) continue;
      await deps.queue.enqueue(composeDraftJob, { userId, emailId: decision.emailId }, { singletonKey: decision.emailId });
    }
  }
  if (source === 'initial') await requestRelearn(deps, { userId, accountId, delaySeconds: INITIAL_RELEARN_DELAY_SECONDS });
  else if (rows.some((row) => row.isOutgoing)) await requestRelearn(deps, { userId, accountId });
}

/**
 * Queues a relearn of the account's model: at once when the model is older than
 * TRIAGE_RELEARN_MINUTES (or missing), else when it will be.
 */
export async function requestRelearn(
  deps: Pick<Deps, 'db' | 'queue' | 'env' | 'clock'>,
  { userId, accountId, delaySeconds = 0 }: { userId: string; accountId: string; delaySeconds?: number },
): Promise<void> {
  const model = await repo.findTriageModel(deps.db, userId, accountId);
  const minAgeMs = deps.env.TRIAGE_RELEARN_MINUTES * 60_000;
  const dueInMs = model ? model.learnedAt.getTime() + minAgeMs - deps.clock.now().getTime() : 0;
  const startAfterSeconds = Math.max(delaySeconds, Math.ceil(Math.max(0, dueInMs) / 1000));
  await deps.queue.enqueue(relearnTriageJob, { userId, accountId }, { singletonKey: accountId, startAfterSeconds });
}

/** Learns the account's needs_reply model from its stored incoming and sent mail, and stores it. */
export async function relearnTriage({ db, userId, accountId }: Scope): Promise<{ learnedFrom: number } | null> {
  const owner = await ownerOf({ db, userId, accountId });
  if (!owner) return null;
  const [incoming, sent] = await Promise.all([
    repo.loadMailForLearning(db, userId, accountId, false),
    repo.loadMailForLearning(db, userId, accountId, true),
  ]);
  const started = Date.now();
  const history = learnReplyHistory({ incoming: incoming.map(toTriageMail), sent: sent.map(toTriageMail), owner });
  await repo.saveTriageModel(db, userId, accountId, serializeHistory(history), incoming.length);
  logger.info({ accountId, incoming: incoming.length, sent: sent.length, ms: Date.now() - started }, 'triage model learned');
  return { learnedFrom: incoming.length };
}
