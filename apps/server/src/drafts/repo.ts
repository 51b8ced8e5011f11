import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  type DraftDeliveryRow,
  type DraftFeedbackAction,
  type DraftingSettingsRow,
  type DraftRow,
  type DraftStatus,
  type DraftVerdict,
  draftDeliveries,
  draftFeedback,
  draftingSettings,
  drafts,
  emailAccounts,
  emails,
} from '../platform/db/schema/index.ts';

// Every function takes the user's id and puts it in the `where`; an account id is checked against it.

// ---------------------------------------------------------------------------------------------
// Drafting triaged mail.

export async function findEmailDates(db: Db, userId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ id: emails.id, receivedDate: emails.receivedDate })
    .from(emails)
    .where(and(eq(emails.userId, userId), inArray(emails.id, emailIds)));
}

// ---------------------------------------------------------------------------------------------
// Accounts and settings.

export async function findAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ id: emailAccounts.id, emailAddress: emailAccounts.emailAddress, aliases: emailAccounts.aliases })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

export async function findDraftingSettings(db: Db, userId: string, accountId: string): Promise<DraftingSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(draftingSettings)
    .where(and(eq(draftingSettings.userId, userId), eq(draftingSettings.emailAccountId, accountId)))
    .limit(1);
  return row;
}

export type DraftingSettingsValues = Pick<
  DraftingSettingsRow,
  'enabled' | 'defaultMode' | 'buyTimeHours' | 'reviewWords' | 'reviewSenders' | 'ignoredSenders' | 'engine'
>;

/** `accountId` must already be checked against `userId`. */
export async function saveDraftingSettings(db: Db, userId: string, accountId: string, values: DraftingSettingsValues) {
  await db
    .insert(draftingSettings)
    .values({ emailAccountId: accountId, userId, ...values })
    .onConflictDoUpdate({ target: draftingSettings.emailAccountId, set: { ...values, updatedAt: new Date() } });
}

// ---------------------------------------------------------------------------------------------
// What drafting gathers.

export async function findEmail(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select({
      id: emails.id,
      emailAccountId: emails.emailAccountId,
      messageId: emails.messageId,
      threadId: emails.threadId,
      subject: emails.subject,
      senderEmail: emails.senderEmail,
      senderName: emails.senderName,
      recipientEmails: emails.recipientEmails,
      ccEmails: emails.ccEmails,
      recipientNames: emails.recipientNames,
      bodyText: emails.bodyText,
      receivedDate: emails.receivedDate,
      isOutgoing: emails.isOutgoing,
      headers: emails.headers,
    })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.id, emailId)))
    .limit(1);
  return row;
}

export type EmailForDrafting = NonNullable<Awaited<ReturnType<typeof findEmail>>>;

/** Messages of a thread shown to the engines: the latest this many before the email. */
const THREAD_LIMIT = 10;
const THREAD_BODY_CHARS = 20_000;

export async function listThread(db: Db, userId: string, email: EmailForDrafting) {
  if (!email.threadId) return [];
  const rows = await db
    .select({
      senderEmail: emails.senderEmail,
      senderName: emails.senderName,
      receivedDate: emails.receivedDate,
      bodyText: sql<string | null>`left(${emails.bodyText}, ${THREAD_BODY_CHARS})`,
      isOutgoing: emails.isOutgoing,
    })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.emailAccountId, email.emailAccountId),
        eq(emails.threadId, email.threadId),
        sql`${emails.id} <> ${email.id}`,
        email.receivedDate ? sql`${emails.receivedDate} <= ${email.receivedDate}` : undefined,
      ),
    )
    .orderBy(sql`${emails.receivedDate} desc nulls last`)
    .limit(THREAD_LIMIT);
  return rows.reverse();
}

/** How many of the account's indexed emails hold each word (the search's word counts; '' = all). */
export async function wordFrequencies(db: Db, userId: string, accountId: string, words: string[]) {
  const { rows } = await db.execute<{ word: string; emails: number }>(sql`
    select w.word, w.emails from email_word_counts w
    join email_accounts a on a.id = w.email_account_id and a.user_id = ${userId}
    where w.email_account_id = ${accountId} and w.word = any(${sql.param([...words, ''])}::text[])`);
  return new Map(rows.map((row) => [row.word, Number(row.emails)]));
}

/** Candidate past incoming mail: from the same sender, and the most similar by full text. */
const SAME_SENDER_CANDIDATES = 30;
const SIMILAR_CANDIDATES = 40;
/** Only the newest this many full-text matches are ranked (ranking reads each one's vector). */
const SIMILAR_POOL = 1_500;
const PAIR_BODY_CHARS = 6_000;
/** A reply found by subject threading must come within this long of the mail it answers (as triage). */
const SUBJECT_REPLY_WINDOW = '14 days';

/**
 * "Re: Fw: Budget" -> "budget", in SQL (triage's threadSubject). The very expression of the partial
 * index emails_sent_thread_subject_idx (migration, by hand): change both together.
 */
const threadSubjectSql = (alias: string) =>
  sql.raw(`regexp_replace(lower(coalesce(${alias}.subject, '')), '^(\\s*(re|fw|fwd|aw|sv|antw|wg|tr)\\s*(\\[\\d+\\])?\\s*:\\s*)+', '')`);

/**
 * The user's own (incoming, reply) pairs like the email being answered: candidates are the
 * account's incoming mail from the same sender (newest first) and the incoming mail most similar by
 * full text (`words`, OR'ed, ranked on the search index), then each candidate's reply is the first
 * sent mail of its thread after it, or (mail without threading headers, such as Lotus Notes') the
 * first "Re:" of its subject to its sender within two weeks.
 */
export async function findReplyPairs(
  db: Db,
  userId: string,
  accountId: string,
  { emailId, senderEmail, words }: { emailId: string; senderEmail: string | null; words: string[] },
) {
  const query = words.map((word) => `'${word}'`).join(' | ');
  const senderToken = senderEmail && /^[^\s'\\:&|!()<>]+$/.test(senderEmail) ? `'${senderEmail}':B` : null;
  const parts: SQL[] = [];
  if (senderToken)
    parts.push(sql`(select e.id, true as same_sender, 1.0::float8 as score
      from email_search es join emails e on e.id = es.email_id
      where es.user_id = ${userId} and es.email_account_id = ${accountId} and es.search @@ to_tsquery('simple', ${senderToken})
        and e.sender_email = ${senderEmail} and not e.is_outgoing and e.id <> ${emailId}
      order by es.received_date desc nulls last limit ${SAME_SENDER_CANDIDATES})`);
  if (query)
    parts.push(sql`(select m.email_id as id, false as same_sender, ts_rank(m.search, to_tsquery('simple', ${query}))::float8 as score
      from (select es.email_id, es.search from email_search es
            where es.user_id = ${userId} and es.email_account_id = ${accountId} and es.search @@ to_tsquery('simple', ${query})
              and es.email_id <> ${emailId}
            order by es.received_date desc nulls last limit ${SIMILAR_POOL}) m
      order by score desc limit ${SIMILAR_CANDIDATES})`);
  if (parts.length === 0) return [];
  const { rows } = await db.execute<{
    id: string;
    same_sender: boolean;
    score: number;
    subject: string | null;
    sender_email: string | null;
    received_date: Date | null;
    body: string | null;
    reply_id: string;
    reply_subject: string | null;
    reply_body: string | null;
    reply_date: Date | null;
  }>(sql`
    with candidates as (${sql.join(parts, sql` union all `)}),
    best as (select id, bool_or(same_sender) as same_sender, max(score) as score from candidates group by id),
    replies as (
      select c.id, c.same_sender, c.score, coalesce(rt.reply_id, rs.reply_id) as reply_id
      from best c
      join emails i on i.id = c.id and i.user_id = ${userId} and not i.is_outgoing and i.received_date is not null
      left join lateral (
        select s.id as reply_id from emails s
        where s.email_account_id = ${accountId} and s.thread_id = i.thread_id and s.is_outgoing and s.received_date >= i.received_date
        order by s.received_date asc limit 1
      ) rt on true
      left join lateral (
        select s.id as reply_id from emails s
        where rt.reply_id is null and s.email_account_id = ${accountId} and s.is_outgoing
          and ${threadSubjectSql('s')} = ${threadSubjectSql('i')}
          and s.received_date >= i.received_date and s.received_date < i.received_date + ${SUBJECT_REPLY_WINDOW}::interval
          and s.subject ~* '^\s*(re|aw|sv|antw)\s*(\[\d+\])?\s*:' and i.sender_email = any(s.recipient_emails)
        order by s.received_date asc limit 1
      ) rs on true
    )
    select r.id, r.same_sender, r.score, i.subject, i.sender_email, i.received_date, left(i.body_text, ${PAIR_BODY_CHARS}) as body,
      s.id as reply_id, s.subject as reply_subject, left(s.body_text, ${PAIR_BODY_CHARS}) as reply_body, s.received_date as reply_date
    from replies r
    join emails i on i.id = r.id
    join emails s on s.id = r.reply_id and s.user_id = ${userId}`);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Drafts.

export type DraftValues = Pick<
  DraftRow,
  | 'mode'
  | 'subject'
  | 'body'
  | 'suggestedAttachments'
  | 'needsReview'
  | 'reviewReasons'
  | 'engine'
  | 'generationMs'
  | 'styleScore'
  | 'confidence'
  | 'reasons'
  | 'usedSources'
  | 'language'
> &
  Partial<Pick<DraftRow, 'recipients' | 'plan' | 'handling' | 'noDraftReason'>>;

/**
 * Stores the draft of an email: inserted, or written over the email's draft while that is pending.
 * Answers the stored row and whether it was new; undefined when the email's draft was already decided
 * (never overwritten).
 */
export async function upsertPendingDraft(
  db: Db,
  { userId, emailAccountId, emailId }: { userId: string; emailAccountId: string; emailId: string },
  values: DraftValues,
) {
  const [row] = await db
    .insert(drafts)
    .values({ userId, emailAccountId, emailId, status: 'pending', ...values })
    .onConflictDoUpdate({
      target: drafts.emailId,
      set: { ...values, updatedAt: new Date() },
      setWhere: and(eq(drafts.status, 'pending'), eq(drafts.userId, userId)),
    })
    .returning({ id: drafts.id, status: drafts.status, created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function findDraftIdOfEmail(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select({ id: drafts.id, status: drafts.status, mode: drafts.mode })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.emailId, emailId)))
    .limit(1);
  return row;
}

/** What the queue shows of a draft: the row, its email and its account's address. */
const QUEUE_BODY_CHARS = 20_000;
const draftWithEmail = {
  draft: drafts,
  email: {
    id: emails.id,
    emailAccountId: emails.emailAccountId,
    senderEmail: emails.senderEmail,
    senderName: emails.senderName,
    subject: emails.subject,
    receivedDate: emails.receivedDate,
    bodyText: sql<string | null>`left(${emails.bodyText}, ${QUEUE_BODY_CHARS})`,
  },
  accountEmail: emailAccounts.emailAddress,
  delivery: draftDeliveries,
};

export type DraftRecord = {
  draft: DraftRow;
  email: {
    id: string;
    emailAccountId: string;
    senderEmail: string | null;
    senderName: string | null;
    subject: string | null;
    receivedDate: Date | null;
    bodyText: string | null;
  };
  accountEmail: string;
  /** Issue 20: the delivery of an approved draft, null before. */
  delivery: DraftDeliveryRow | null;
};

function selectDrafts(db: Db) {
  return db
    .select(draftWithEmail)
    .from(drafts)
    .innerJoin(emails, eq(emails.id, drafts.emailId))
    .innerJoin(emailAccounts, eq(emailAccounts.id, drafts.emailAccountId))
    .leftJoin(draftDeliveries, eq(draftDeliveries.draftId, drafts.id));
}

export async function findDraft(db: Db, userId: string, draftId: string): Promise<DraftRecord | undefined> {
  const [row] = await selectDrafts(db)
    .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId)))
    .limit(1);
  return row;
}

export type DraftFilters = { accountId?: string; needsReview?: boolean; status: DraftStatus };
export type DraftCursor = { createdAt: Date; id: string };

function filtersOf(userId: string, filters: DraftFilters): SQL | undefined {
  return and(
    eq(drafts.userId, userId),
    eq(drafts.status, filters.status),
    filters.accountId ? eq(drafts.emailAccountId, filters.accountId) : undefined,
    filters.needsReview === undefined ? undefined : eq(drafts.needsReview, filters.needsReview),
  );
}

/** One page, newest first (`id` breaks ties), after `cursor`; and the exact total of the filters. */
export async function listDrafts(db: Db, userId: string, filters: DraftFilters, cursor: DraftCursor | null, limit: number) {
  // Milliseconds, as a cursor (a JS Date) holds them: created_at's microseconds would skip drafts.
  const createdMs = sql`date_trunc('milliseconds', ${drafts.createdAt})`;
  const after = cursor
    ? or(sql`${createdMs} < ${cursor.createdAt}`, and(sql`${createdMs} = ${cursor.createdAt}`, lt(drafts.id, cursor.id)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectDrafts(db)
      .where(and(filtersOf(userId, filters), after))
      .orderBy(desc(createdMs), desc(drafts.id))
      .limit(limit + 1),
    db.select({ value: sql<number>`count(*)::int` }).from(drafts).where(filtersOf(userId, filters)),
  ]);
  return { rows: rows.slice(0, limit), more: rows.length > limit, total: total?.value ?? 0 };
}

/** Pending drafts of every account of the user, and how many of them are flagged for review. */
export async function countPending(db: Db, userId: string) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      needsReview: sql<number>`(count(*) filter (where ${drafts.needsReview}))::int`,
    })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.status, 'pending')));
  return { pending: row?.pending ?? 0, needsReview: row?.needsReview ?? 0 };
}

/**
 * The one transition of a draft out of pending (or a change while pending): updated only while
 * it is pending, with its feedback row in the same transaction. Undefined when it was not pending.
 */
export async function updatePendingDraft(
  db: Db,
  userId: string,
  draftId: string,
  changes: Partial<Pick<DraftRow, 'status' | 'body' | 'subject' | 'originalBody' | 'decidedAt' | 'suggestedAttachments'>>,
  feedback?: {
    action: DraftFeedbackAction;
    originalText: string;
    finalText: string | null;
    similarity?: number | null;
    verdict?: DraftVerdict | null;
  },
  /** More work of the same transition, in its transaction (issue 20: the delivery and its job). */
  within?: (tx: Pick<Db, 'insert' | 'update' | 'select' | 'execute'>, row: { id: string; emailAccountId: string }) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(drafts)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId), eq(drafts.status, 'pending')))
      .returning({ id: drafts.id, emailAccountId: drafts.emailAccountId, status: drafts.status });
    if (row && feedback) await tx.insert(draftFeedback).values({ draftId, userId, emailAccountId: row.emailAccountId, ...feedback });
    if (row && within) await within(tx, row);
    return row;
  });
}

/** A draft completed by another user of its mailbox, back to pending (its owner answers after all). Undefined when it is not so. */
export async function reopenCompletedDraft(db: Db, userId: string, draftId: string) {
  const [row] = await db
    .update(drafts)
    .set({ status: 'pending', decidedAt: null, updatedAt: new Date() })
    .where(and(eq(drafts.userId, userId), eq(drafts.id, draftId), eq(drafts.status, 'completed')))
    .returning({ id: drafts.id });
  return row;
}
