import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { contactMessages, waitlist } from '../platform/db/schema/index.ts';

// Waitlist entries and contact messages are public submissions owned by the operator, not by a
// user: no user scope applies to this area's queries.

export async function listWaitlistEntries(db: Db) {
  return db.select().from(waitlist).orderBy(desc(waitlist.createdAt));
}

/** Adds the entry; `undefined` when the email is already on the waitlist (the unique constraint decides). */
export async function insertWaitlistEntry(db: Db, values: { name: string; email: string; howHeard: string | null; ip: string }) {
  const [row] = await db.insert(waitlist).values(values).onConflictDoNothing({ target: waitlist.email }).returning({ id: waitlist.id });
  return row;
}

export async function countWaitlistEntries(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(waitlist);
  return row?.value ?? 0;
}

export async function insertContactMessage(db: Db, values: { name: string; email: string; subject: string; message: string; ip: string }) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message insert returned no row');
  return row;
}

export async function markContactMessageForwarded(db: Db, id: string, at: Date) {
  await db.update(contactMessages).set({ forwardedAt: at, forwardError: null }).where(eq(contactMessages.id, id));
}

export async function markContactMessageForwardFailed(db: Db, id: string, error: string) {
  await db.update(contactMessages).set({ forwardError: error }).where(eq(contactMessages.id, id));
}

export async function listContactMessages(db: Db) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
}
