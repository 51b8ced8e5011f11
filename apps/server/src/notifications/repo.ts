import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { notificationPrefs, notifications } from '../platform/db/schema/index.ts';

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

export async function insertNotification(
  db: Db,
  values: { userId: string; kind: string; title: string; body: string; link: string | null },
) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
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
