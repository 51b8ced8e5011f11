// Queries of the drafting memory and of what learning reads (issue 20). Every function takes the
// user's id and puts it in the `where`; an account id is checked against it by the caller.
import { and, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  type DraftFeedbackAction,
  type DraftVerdict,
  draftFeedback,
  draftingMemory,
  draftingSettings,
  drafts,
  emailAccounts,
  emails,
} from '../platform/db/schema/index.ts';
import type { MemoryItem } from './engine/learning-memory.ts';

/** The account's latest feedback rows with the drafted email's sender and the draft's sources, newest first. */
export async function loadFeedbackForLearning(db: Db, userId: string, accountId: string, limit: number) {
  return db
    .select({
      draftId: draftFeedback.draftId,
      action: draftFeedback.action,
      originalText: draftFeedback.originalText,
      finalText: draftFeedback.finalText,
      createdAt: draftFeedback.createdAt,
      senderEmail: emails.senderEmail,
      senderName: emails.senderName,
      usedSources: drafts.usedSources,
    })
    .from(draftFeedback)
    .innerJoin(drafts, eq(drafts.id, draftFeedback.draftId))
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .where(and(eq(draftFeedback.userId, userId), eq(draftFeedback.emailAccountId, accountId)))
    .orderBy(desc(draftFeedback.createdAt))
    .limit(limit);
}

export type FeedbackForLearning = Awaited<ReturnType<typeof loadFeedbackForLearning>>[number];

/** The account's memory: all items, or only those drafting applies (neither dismissed nor stale). */
export async function listMemory(db: Db, userId: string, accountId: string, { activeOnly }: { activeOnly: boolean }) {
  return db
    .select()
    .from(draftingMemory)
    .where(
      and(
        eq(draftingMemory.userId, userId),
        eq(draftingMemory.emailAccountId, accountId),
        ...(activeOnly ? [isNull(draftingMemory.dismissedAt), isNull(draftingMemory.staleAt)] : []),
      ),
    )
    .orderBy(desc(draftingMemory.evidence), desc(draftingMemory.lastSeenAt));
}

/**
 * Stores what one learning run found: items found again are updated (greeting and closing by scope
 * and kind, the rest by value too: `keyOf`), new ones inserted, items not found any more marked
 * stale; an item the user dismissed stays dismissed. One run at a time per account (advisory lock).
 */
export async function saveMemory(
  db: Db,
  userId: string,
  accountId: string,
  items: MemoryItem[],
  keyOf: (item: Pick<MemoryItem, 'scope' | 'scopeValue' | 'kind' | 'value'>) => string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drafting-memory:${accountId}`}))`);
    const existing = await tx
      .select()
      .from(draftingMemory)
      .where(and(eq(draftingMemory.userId, userId), eq(draftingMemory.emailAccountId, accountId)));
    const byKey = new Map(existing.map((row) => [keyOf(row), row]));
    const found = new Set<string>();
    for (const item of items) {
      const key = keyOf(item);
      found.add(key);
      const row = byKey.get(key);
      if (row?.dismissedAt) continue;
      const values = {
        value: item.value,
        replacement: item.replacement,
        evidence: item.evidence,
        firstSeenAt: item.firstSeenAt,
        lastSeenAt: item.lastSeenAt,
        staleAt: null,
      };
      if (row) await tx.update(draftingMemory).set(values).where(eq(draftingMemory.id, row.id));
      else
        await tx
          .insert(draftingMemory)
          .values({ userId, emailAccountId: accountId, scope: item.scope, scopeValue: item.scopeValue, kind: item.kind, ...values });
    }
    const stale = existing.filter((row) => !found.has(keyOf(row)) && !row.staleAt && !row.dismissedAt).map((row) => row.id);
    if (stale.length) await tx.update(draftingMemory).set({ staleAt: now }).where(inArray(draftingMemory.id, stale));
  });
}

/** The account's emails among `ids` (the past replies avoid_source items name): subject and date. */
export async function findPastReplies(db: Db, userId: string, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: emails.id, subject: emails.subject, date: emails.receivedDate })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), inArray(emails.id, ids)));
}

/** The user deletes an item: dismissed, so the next learning run does not bring it back. */
export async function dismissMemoryItem(db: Db, userId: string, accountId: string, itemId: string, now: Date) {
  const [row] = await db
    .update(draftingMemory)
    .set({ dismissedAt: now })
    .where(
      and(
        eq(draftingMemory.userId, userId),
        eq(draftingMemory.emailAccountId, accountId),
        eq(draftingMemory.id, itemId),
        isNull(draftingMemory.dismissedAt),
      ),
    )
    .returning({ id: draftingMemory.id });
  return row;
}

// ---------------------------------------------------------------------------------------------
// The user's own replies to drafted mail.

/** Outgoing emails among `emailIds` that name an earlier message (In-Reply-To / References). */
export async function loadOutgoingReplies(db: Db, userId: string, accountId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ id: emails.id, inReplyTo: emails.inReplyTo, references: emails.references, bodyText: emails.bodyText })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), inArray(emails.id, emailIds), eq(emails.isOutgoing, true)));
}

/** The account's drafts of the emails with these Message-IDs. */
export async function findDraftsOfMessages(db: Db, userId: string, accountId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({ draftId: drafts.id, messageId: emails.messageId, body: drafts.body, originalBody: drafts.originalBody })
    .from(drafts)
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .where(and(eq(drafts.userId, userId), eq(drafts.emailAccountId, accountId), inArray(emails.messageId, messageIds)));
}

/** One feedback row per (draft, own reply): a second sync of the same reply adds nothing. */
export async function insertOwnReplyFeedback(
  db: Db,
  row: {
    userId: string;
    emailAccountId: string;
    draftId: string;
    sourceEmailId: string;
    originalText: string;
    finalText: string;
    similarity: number;
    verdict: DraftVerdict;
  },
) {
  const inserted = await db
    .insert(draftFeedback)
    .values({ ...row, action: 'own_reply' satisfies DraftFeedbackAction })
    .onConflictDoNothing({ target: [draftFeedback.draftId, draftFeedback.sourceEmailId] })
    .returning({ id: draftFeedback.id });
  return inserted.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Auto-drafting's pause.

/** The account's latest drafts written since `since` (all when null), newest first, with their own-reply verdicts. */
export async function latestDrafts(db: Db, userId: string, accountId: string, since: Date | null, limit: number) {
  const rows = await db
    .select({ id: drafts.id, status: drafts.status })
    .from(drafts)
    .where(
      and(
        eq(drafts.userId, userId),
        eq(drafts.emailAccountId, accountId),
        ...(since ? [gte(drafts.createdAt, since)] : []),
        // Only drafts the user decided on (issue 32): a draft still pending was not yet seen, not unused;
        // one the user answered themselves is decided. "No draft" items had nothing to use.
        or(
          ne(drafts.status, 'pending'),
          sql`exists (select 1 from ${draftFeedback} where ${draftFeedback.draftId} = ${drafts.id} and ${draftFeedback.action} = 'own_reply')`,
        ),
        sql`${drafts.plan} is distinct from 'none'`,
      ),
    )
    .orderBy(desc(drafts.createdAt))
    .limit(limit);
  const verdicts =
    rows.length === 0
      ? []
      : await db
          .select({ draftId: draftFeedback.draftId, verdict: draftFeedback.verdict })
          .from(draftFeedback)
          .where(
            and(
              eq(draftFeedback.userId, userId),
              inArray(
                draftFeedback.draftId,
                rows.map((row) => row.id),
              ),
              eq(draftFeedback.action, 'own_reply'),
            ),
          );
  return rows.map((row) => ({ ...row, ownReplyVerdicts: verdicts.filter((v) => v.draftId === row.id).map((v) => v.verdict) }));
}

/** Turns drafting off with the pause's time and reason (only while it is on: one pause, not one per job). */
export async function pauseDrafting(db: Db, userId: string, accountId: string, now: Date, reason: string) {
  const paused = await db
    .update(draftingSettings)
    .set({ enabled: false, pausedAt: now, pausedReason: reason, updatedAt: now })
    .where(and(eq(draftingSettings.userId, userId), eq(draftingSettings.emailAccountId, accountId), eq(draftingSettings.enabled, true)))
    .returning({ id: draftingSettings.emailAccountId });
  if (paused.length) return true;
  // No settings row yet (the defaults, drafting on): the pause writes one.
  const inserted = await db
    .insert(draftingSettings)
    .values({ emailAccountId: accountId, userId, enabled: false, pausedAt: now, pausedReason: reason })
    .onConflictDoNothing()
    .returning({ id: draftingSettings.emailAccountId });
  return inserted.length > 0;
}

/** Turning drafting on again: the pause is cleared and the count of unused drafts starts again. */
export async function clearPause(db: Db, userId: string, accountId: string, now: Date) {
  await db
    .update(draftingSettings)
    .set({ pausedAt: null, pausedReason: null, resumedAt: now })
    .where(and(eq(draftingSettings.userId, userId), eq(draftingSettings.emailAccountId, accountId)));
}

/** Accounts of the user whose auto-drafting paused itself (the dashboard's sentence). */
export async function pausedAccounts(db: Db, userId: string) {
  return db
    .select({ accountId: draftingSettings.emailAccountId, emailAddress: emailAccounts.emailAddress, pausedAt: draftingSettings.pausedAt })
    .from(draftingSettings)
    .innerJoin(emailAccounts, eq(emailAccounts.id, draftingSettings.emailAccountId))
    .where(and(eq(draftingSettings.userId, userId), eq(draftingSettings.enabled, false), sql`${draftingSettings.pausedAt} is not null`))
    .orderBy(emailAccounts.emailAddress);
}
