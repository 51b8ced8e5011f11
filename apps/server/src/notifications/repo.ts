import type { WeeklyFigures } from '@penman/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  deliverySettings,
  draftDeliveries,
  drafts,
  emailAccounts,
  emails,
  notificationPrefs,
  notifications,
  users,
} from '../platform/db/schema/index.ts';

export async function findPrefs(db: Db, userId: string) {
  const [row] = await db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId)).limit(1);
  return row;
}

export async function savePrefs(
  db: Db,
  userId: string,
  prefs: { newDrafts: boolean; flaggedDrafts: boolean; failures: boolean; weeklySummary: boolean; email: boolean },
) {
  await db
    .insert(notificationPrefs)
    .values({ userId, ...prefs })
    .onConflictDoUpdate({ target: notificationPrefs.userId, set: { ...prefs, updatedAt: new Date() } });
}

/** Stores a notification; undefined when one with the same (user, dedupeKey) exists. */
export async function insertNotification(
  db: Db,
  values: {
    userId: string;
    kind: string;
    title: string;
    body: string;
    link: string | null;
    emailState: 'pending' | null;
    dedupeKey: string | null;
  },
) {
  const [row] = await db.insert(notifications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listRecent(db: Db, userId: string, limit: number) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Users whose weekly summary switch is on. */
export async function usersWithWeeklySummary(db: Db): Promise<string[]> {
  const rows = await db
    .select({ userId: notificationPrefs.userId })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.weeklySummary, true));
  return rows.map((r) => r.userId);
}

const toCount = (value: unknown) => Number(value ?? 0);

/** The weekly summary's figures for one user, from `since` to now; flagged drafts waiting counted now. */
export async function weeklyFigures(db: Db, userId: string, since: Date): Promise<WeeklyFigures> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${emails} e where e.user_id = ${userId} and not e.is_outgoing and e.received_date >= ${since}) as received,
      (select count(*) from ${drafts} d where d.user_id = ${userId} and d.created_at >= ${since}) as drafted,
      (select count(*) from ${drafts} d where d.user_id = ${userId} and d.status in ('approved', 'edited', 'sent')
         and d.decided_at >= ${since}) as approved,
      (select count(*) from ${drafts} d where d.user_id = ${userId} and d.status = 'pending' and d.needs_review) as flagged_waiting,
      (select count(*) from ${draftDeliveries} f where f.user_id = ${userId} and f.state = 'failed' and f.updated_at >= ${since}) as failures
  `);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    received: toCount(row.received),
    drafted: toCount(row.drafted),
    approved: toCount(row.approved),
    flaggedWaiting: toCount(row.flagged_waiting),
    failures: toCount(row.failures),
  };
}

/**
 * The account notification emails go through: an IMAP account with a password (its own or a saved
 * SMTP one) or a Microsoft account (XOAUTH2); saved SMTP settings first. Undefined when none can send.
 */
export async function findEmailSender(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select({ id: emailAccounts.id, emailAddress: emailAccounts.emailAddress })
    .from(emailAccounts)
    .leftJoin(deliverySettings, eq(deliverySettings.emailAccountId, emailAccounts.id))
    .where(
      and(
        eq(emailAccounts.userId, userId),
        inArray(emailAccounts.provider, ['exchange', 'outlook']),
        or(isNotNull(emailAccounts.encryptedPassword), isNotNull(deliverySettings.smtpEncryptedPassword)),
      ),
    )
    .orderBy(sql`${deliverySettings.smtpHost} is null`, emailAccounts.createdAt)
    .limit(1);
  return row;
}

/**
 * Claims up to `limit` email copies: pending ones, and ones a run claimed `staleAfterMs` ago and
 * never finished (its process died). Two live runs never take the same row; a copy whose run died
 * mid-send may go out twice, which is better than a failure notice never sent.
 */
export async function claimPendingEmails(db: Db, limit: number, staleAfterMs: number) {
  const staleBefore = new Date(Date.now() - staleAfterMs).toISOString();
  const claimed = await db.execute(sql`
    update ${notifications} set email_state = 'sending', email_claimed_at = now()
    where id in (
      select id from ${notifications}
      where email_state = 'pending' or (email_state = 'sending' and email_claimed_at < ${staleBefore}::timestamptz)
      order by created_at limit ${limit} for update skip locked
    )
    returning id
  `);
  const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
      body: notifications.body,
      to: users.email,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notifications.id, ids));
}

export async function setEmailState(db: Db, id: string, state: 'sent' | 'failed') {
  await db.update(notifications).set({ emailState: state }).where(eq(notifications.id, id));
}

/** Deletes notifications created before `before`, in batches; how many went. */
export async function deleteCreatedBefore(db: Db, before: Date, batch = 5_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from ${notifications} where id in (
        select id from ${notifications} where created_at < ${before.toISOString()}::timestamptz limit ${batch}
      )
    `);
    const count = (result as unknown as { rowCount: number | null }).rowCount ?? 0;
    deleted += count;
    if (count < batch) return deleted;
  }
}
