/**
 * Learning from what the user does (issue 20): each decision on a draft (approved as it was, edited,
 * rejected) and the user's own reply to a drafted email arriving by sync is compared with Penman's
 * text (engine/learning.ts); the account's drafting memory is learnt again from its latest
 * feedback (engine/learning-memory.ts) and handed to the engines by gather.ts. Auto-drafting pauses
 * itself when the account's drafts go unused.
 */
import {
  type DraftingMemoryItem,
  type DraftingPause,
  describeMemoryItem,
  LEARNING_MESSAGES,
  type MemoryPastReply,
  PAUSE_AFTER_UNUSED_DRAFTS,
  type PausedAccount,
} from '@penman/contract';
import type { MailStored } from '../mail/jobs.ts';
import type { Db } from '../platform/db/client.ts';
import type { DraftingMemoryRow, DraftStatus } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { getProfileNames } from '../users/service.ts';
import { compareDraft, type DraftComparison } from './engine/learning.ts';
import { deriveMemory, type LearningObservation, type MemoryItem, memoryKey } from './engine/learning-memory.ts';
import { firstNameOf } from './engine/voice.ts';
import * as learningRepo from './learning-repo.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string; accountId: string };

/** Learning reads the account's latest this many feedback rows: a year of a busy user's decisions. */
const FEEDBACK_WINDOW = 1_000;
/** What a used draft is: the user sent it (approved, edited, Send Now, delivered). */
const USED_STATUSES: ReadonlySet<DraftStatus> = new Set(['approved', 'edited', 'buy_time', 'sent', 'saved']);

async function ownerName(db: Db, userId: string): Promise<string | null> {
  const names = await getProfileNames({ db, userId });
  return names ? [names.firstName, names.lastName].filter(Boolean).join(' ') || null : null;
}

/** The comparison a feedback row stores (similarity, verdict); null without a final text (a rejection). */
export function feedbackComparison(originalText: string, finalText: string | null, owner: string | null = null) {
  if (finalText === null) return { similarity: null, verdict: null };
  const comparison = compareDraft(originalText, finalText, owner);
  return { similarity: comparison.similarity, verdict: comparison.verdict };
}

function observationsOf(rows: learningRepo.FeedbackForLearning[], owner: string | null): LearningObservation[] {
  // One observation per draft: its latest decision with a final text, else its rejection.
  const byDraft = new Map<string, learningRepo.FeedbackForLearning>();
  // A draft decided in the review queue was seen: the user's own reply to it after that is theirs
  // instead of the draft, as an edit would be.
  const decidedInQueue = new Set(rows.filter((row) => row.action !== 'own_reply').map((row) => row.draftId));
  for (const row of rows) {
    const seen = byDraft.get(row.draftId);
    if (!seen || (seen.finalText === null && row.finalText !== null)) byDraft.set(row.draftId, row);
  }
  return [...byDraft.values()].map((row) => {
    const comparison: DraftComparison | null = row.finalText === null ? null : compareDraft(row.originalText, row.finalText, owner);
    const sender = row.senderEmail?.toLowerCase() ?? null;
    return {
      draftId: row.draftId,
      sender,
      firstName: sender ? firstNameOf({ contact: null, email: { from: { address: sender, name: row.senderName } } }) : null,
      at: row.createdAt,
      outcome: row.finalText === null ? 'rejected' : 'final',
      comparison,
      pastReplyId:
        row.usedSources.flatMap((source) => (source.kind === 'past_reply' && source.replyEmailId ? [source.replyEmailId] : []))[0] ?? null,
      ownReply: row.action === 'own_reply' && !decidedInQueue.has(row.draftId),
    } satisfies LearningObservation;
  });
}

/** Learns the account's drafting memory again from its latest feedback, and stores it. */
export async function learnDraftingMemory({ db, userId, accountId, now = new Date() }: Scope & { now?: Date }): Promise<MemoryItem[]> {
  const [rows, owner] = await Promise.all([
    learningRepo.loadFeedbackForLearning(db, userId, accountId, FEEDBACK_WINDOW),
    ownerName(db, userId),
  ]);
  const items = deriveMemory(observationsOf(rows, owner));
  await learningRepo.saveMemory(db, userId, accountId, items, memoryKey, now);
  return items;
}

/** What gather.ts hands the engines: the items drafting applies (not dismissed, not stale). */
export async function memoryForDrafting({ db, userId, accountId }: Scope): Promise<MemoryItem[]> {
  const rows = await learningRepo.listMemory(db, userId, accountId, { activeOnly: true });
  return rows.map(toMemoryItem);
}

function toMemoryItem(row: DraftingMemoryRow): MemoryItem {
  return {
    scope: row.scope,
    scopeValue: row.scopeValue,
    kind: row.kind,
    value: row.value,
    replacement: row.replacement,
    evidence: row.evidence,
    firstSeenAt: row.firstSeenAt,
    lastSeenAt: row.lastSeenAt,
  };
}

async function requireAccount({ db, userId, accountId }: Scope) {
  const account = await repo.findAccount(db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Email account not found');
  return account;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The past replies the avoid_source rows name, by email id, as the user knows them (subject, date). */
async function pastRepliesOf({ db, userId, accountId }: Scope, rows: DraftingMemoryRow[]): Promise<Map<string, MemoryPastReply>> {
  const ids = rows.filter((row) => row.kind === 'avoid_source' && UUID.test(row.value)).map((row) => row.value);
  const found = await learningRepo.findPastReplies(db, userId, accountId, ids);
  return new Map(found.map((email) => [email.id, { subject: email.subject, date: email.date?.toISOString() ?? null }]));
}

/** "Penman has learnt: ...": the items drafting applies, in words for the user. */
export async function listDraftingMemory(scope: Scope): Promise<{ items: DraftingMemoryItem[] }> {
  await requireAccount(scope);
  const rows = await learningRepo.listMemory(scope.db, scope.userId, scope.accountId, { activeOnly: true });
  const pastReplies = await pastRepliesOf(scope, rows);
  return {
    items: rows.map((row) => ({
      id: row.id,
      scope: row.scope,
      scopeValue: row.scopeValue,
      kind: row.kind,
      value: row.value,
      replacement: row.replacement,
      evidence: row.evidence,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      description: describeMemoryItem(row, pastReplies.get(row.value) ?? null),
    })),
  };
}

/** The user deletes an item: never applied again, never learnt again. */
export async function deleteDraftingMemoryItem(scope: Scope & { itemId: string; now?: Date }): Promise<void> {
  await requireAccount(scope);
  const row = await learningRepo.dismissMemoryItem(scope.db, scope.userId, scope.accountId, scope.itemId, scope.now ?? new Date());
  if (!row) throw new AppError('NOT_FOUND', LEARNING_MESSAGES.memoryItemNotFound);
}

// ---------------------------------------------------------------------------------------------
// The user's own reply, arriving by sync.

/**
 * The subscriber of mail stored for outgoing mail: a reply of the user's whose In-Reply-To or
 * References names an email that has a draft is that draft's final text (action 'own_reply'), one
 * feedback row per (draft, reply); then the memory is learnt again. Training downloads are history,
 * not answers to drafts.
 */
export async function learnFromOwnReplies({ db }: { db: Db }, payload: MailStored): Promise<{ recorded: number }> {
  const { userId, accountId, emailIds, source } = payload;
  if (source === 'training' || emailIds.length === 0) return { recorded: 0 };
  const replies = await learningRepo.loadOutgoingReplies(db, userId, accountId, emailIds);
  const named = (reply: (typeof replies)[number]) => [reply.inReplyTo, ...reply.references].filter((id): id is string => Boolean(id));
  const ids = [...new Set(replies.flatMap(named))];
  if (ids.length === 0) return { recorded: 0 };
  const draftsOf = await learningRepo.findDraftsOfMessages(db, userId, accountId, ids);
  if (draftsOf.length === 0) return { recorded: 0 };
  const owner = await ownerName(db, userId);
  let recorded = 0;
  for (const reply of replies) {
    const names = new Set(named(reply));
    // The email it answers directly (In-Reply-To) first: References name the whole thread.
    const draft = draftsOf.find((d) => d.messageId === reply.inReplyTo) ?? draftsOf.find((d) => d.messageId && names.has(d.messageId));
    if (!draft || !reply.bodyText?.trim()) continue;
    const originalText = draft.originalBody ?? draft.body;
    const compared = feedbackComparison(originalText, reply.bodyText, owner);
    const inserted = await learningRepo.insertOwnReplyFeedback(db, {
      userId,
      emailAccountId: accountId,
      draftId: draft.draftId,
      sourceEmailId: reply.id,
      originalText,
      finalText: reply.bodyText,
      similarity: compared.similarity!,
      verdict: compared.verdict!,
    });
    if (inserted) recorded++;
  }
  if (recorded) await learnDraftingMemory({ db, userId, accountId });
  return { recorded };
}

// ---------------------------------------------------------------------------------------------
// Auto-drafting's pause.

/**
 * Pauses auto-drafting for the account when none of its last PAUSE_AFTER_UNUSED_DRAFTS decided drafts
 * (written since drafting was last turned on; a pending draft is not yet seen, so it does not count) was used: approved, edited, sent with Send Now,
 * delivered, or answered by the user's own reply close to it (not rewritten). Answers whether it
 * is paused now.
 */
export async function pauseIfUnused({ db, userId, accountId, now = new Date() }: Scope & { now?: Date }): Promise<boolean> {
  const settings = await repo.findDraftingSettings(db, userId, accountId);
  if (settings && !settings.enabled) return settings.pausedAt !== null;
  const latest = await learningRepo.latestDrafts(db, userId, accountId, settings?.resumedAt ?? null, PAUSE_AFTER_UNUSED_DRAFTS);
  if (latest.length < PAUSE_AFTER_UNUSED_DRAFTS) return false;
  const used = latest.some((draft) => USED_STATUSES.has(draft.status) || draft.ownReplyVerdicts.some((v) => v && v !== 'rewritten'));
  if (used) return false;
  return learningRepo.pauseDrafting(db, userId, accountId, now, LEARNING_MESSAGES.pausedReason);
}

/** The pause shown with the drafting settings, or null. */
export function pauseOf(row: { pausedAt: Date | null; pausedReason: string | null } | undefined): DraftingPause | null {
  return row?.pausedAt ? { pausedAt: row.pausedAt.toISOString(), reason: row.pausedReason ?? LEARNING_MESSAGES.pausedReason } : null;
}

/** Turning drafting on clears the pause (drafting settings' update calls it when `enabled` becomes true). */
export function clearPause({ db, userId, accountId, now = new Date() }: Scope & { now?: Date }): Promise<void> {
  return learningRepo.clearPause(db, userId, accountId, now);
}

/** The user's accounts whose auto-drafting paused itself (the dashboard's sentence). */
export async function listPausedAccounts({ db, userId }: { db: Db; userId: string }): Promise<PausedAccount[]> {
  const rows = await learningRepo.pausedAccounts(db, userId);
  return rows.map((row) => ({ accountId: row.accountId, emailAddress: row.emailAddress, pausedAt: row.pausedAt!.toISOString() }));
}
