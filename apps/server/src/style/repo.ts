import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Db, retryConflicts } from '../platform/db/client.ts';
import { communicationStyleProfiles, emailAccounts, emails } from '../platform/db/schema/index.ts';

/** The account's identity for the style engine; undefined when it is not the user's. */
export async function findStyleAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({
      id: emailAccounts.id,
      emailAddress: emailAccounts.emailAddress,
      displayName: emailAccounts.displayName,
      aliases: emailAccounts.aliases,
      sentStyleCap: emailAccounts.sentStyleCap,
    })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

const outgoingOf = (userId: string, accountId: string) =>
  and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), eq(emails.isOutgoing, true));

export async function countOutgoing(db: Db, userId: string, accountId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(emails).where(outgoingOf(userId, accountId));
  return row?.n ?? 0;
}

/**
 * The user's sent mail, newest first, with the incoming mail each one answers (its In-Reply-To,
 * else the last of its References, found among the account's mail). Bodies are cut at 20,000
 * characters: the user's own words are at the top, and a huge forwarded chain says nothing more.
 */
export async function loadSentMail(db: Db, userId: string, accountId: string, limit: number) {
  const { rows } = await db.execute<{
    id: string;
    subject: string | null;
    body_text: string | null;
    body_html: string | null;
    recipient_emails: string[];
    cc_emails: string[];
    received_date: Date | string | null;
    answer_subject: string | null;
    answer_body: string | null;
    answer_sender: string | null;
    answer_date: Date | string | null;
  }>(sql`
    select e.id, e.subject, left(e.body_text, 20000) as body_text,
      case when e.body_text is null then left(e.body_html, 40000) end as body_html,
      e.recipient_emails, e.cc_emails, e.received_date,
      a.subject as answer_subject, left(a.body_text, 5000) as answer_body, a.sender_email as answer_sender,
      a.received_date as answer_date
    from (
      select * from emails
      where user_id = ${userId} and email_account_id = ${accountId} and is_outgoing
      order by received_date desc nulls last, id
      limit ${limit}
    ) e
    left join lateral (
      select o.subject, o.body_text, o.sender_email, o.received_date from emails o
      where o.email_account_id = e.email_account_id and o.user_id = e.user_id and not o.is_outgoing
        and o.message_id = coalesce(e.in_reply_to, e."references"[cardinality(e."references")])
      limit 1
    ) a on true
    order by e.received_date desc nulls last, e.id`);
  const date = (value: Date | string | null) => (value == null ? null : new Date(value));
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    bodyText: r.body_text,
    bodyHtml: r.body_html,
    toEmails: r.recipient_emails,
    ccEmails: r.cc_emails,
    sentAt: date(r.received_date),
    answers:
      r.answer_subject != null || r.answer_body != null || r.answer_sender != null
        ? { subject: r.answer_subject, bodyText: r.answer_body, senderEmail: r.answer_sender, receivedAt: date(r.answer_date) }
        : null,
  }));
}

/**
 * The account's newest incoming mail (other people's writing, what styleMatch's voice model is trained
 * against), with the headers that mark bulk and automated mail. Bodies are cut: the engine reads at
 * most the first 1,500 characters of each mail's own words.
 */
export async function loadIncomingMail(db: Db, userId: string, accountId: string, limit: number) {
  return db
    .select({
      bodyText: sql<string | null>`left(${emails.bodyText}, 4000)`,
      bodyHtml: sql<string | null>`case when ${emails.bodyText} is null then left(${emails.bodyHtml}, 8000) end`,
      senderEmail: emails.senderEmail,
      headers: emails.headers,
    })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), eq(emails.isOutgoing, false)))
    .orderBy(sql`${emails.receivedDate} desc nulls last`, emails.id)
    .limit(limit);
}

/** Every outgoing email of the account, oldest first (so the first copy of a duplicate is kept), for prune. */
export function loadPruneCandidates(db: Db, userId: string, accountId: string) {
  return db
    .select({
      id: emails.id,
      subject: emails.subject,
      // Enough to tell own text from quoted text, without holding every long thread in memory.
      bodyText: sql<string | null>`left(${emails.bodyText}, 4000)`,
      bodyHtml: sql<string | null>`case when ${emails.bodyText} is null then left(${emails.bodyHtml}, 8000) end`,
      toEmails: emails.recipientEmails,
      sentAt: emails.receivedDate,
      headers: emails.headers,
    })
    .from(emails)
    .where(outgoingOf(userId, accountId))
    .orderBy(sql`${emails.receivedDate} asc nulls last`, emails.id);
}

export async function deleteOutgoingEmails(db: Db, userId: string, accountId: string, ids: string[]): Promise<number> {
  let deleted = 0;
  // In chunks: a bind parameter list has a limit, and one huge statement holds locks for long.
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await retryConflicts(() =>
      db
        .delete(emails)
        .where(and(outgoingOf(userId, accountId), inArray(emails.id, chunk)))
        .returning({ id: emails.id }),
    );
    deleted += rows.length;
  }
  return deleted;
}

export type StoredProfileValues = Omit<typeof communicationStyleProfiles.$inferInsert, 'id' | 'createdAt' | 'lastUpdated'>;

export async function upsertProfile(db: Db, values: StoredProfileValues) {
  const [row] = await db
    .insert(communicationStyleProfiles)
    .values(values)
    .onConflictDoUpdate({ target: communicationStyleProfiles.emailAccountId, set: { ...values, lastUpdated: new Date() } })
    .returning();
  return row!;
}

/**
 * Every analysed profile whose fingerprint is not of `version` (an older engine wrote it), of every
 * user: the start-up sweep that enqueues their rebuilds.
 */
export async function listOutdatedProfiles(db: Db, version: number): Promise<{ userId: string; accountId: string }[]> {
  return db
    .select({ userId: communicationStyleProfiles.userId, accountId: communicationStyleProfiles.emailAccountId })
    .from(communicationStyleProfiles)
    .where(
      and(
        isNotNull(communicationStyleProfiles.analysisDate),
        sql`(${communicationStyleProfiles.profile} -> 'fingerprint' ->> 'version') is distinct from ${String(version)}`,
      ),
    );
}

export async function findProfile(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(communicationStyleProfiles)
    .where(and(eq(communicationStyleProfiles.userId, userId), eq(communicationStyleProfiles.emailAccountId, accountId)))
    .orderBy(desc(communicationStyleProfiles.lastUpdated))
    .limit(1);
  return row;
}
