import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { invitations, profiles, users } from '../platform/db/schema/index.ts';

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
}

type ProfileValues = { firstName: string | null; lastName: string | null; email: string | null };

/**
 * Writes the user's profile. `keepExisting`: the sign-up hook creates one only when there is none
 * (user creation then sets the exact names itself).
 */
export async function saveProfile(db: Db, userId: string, values: ProfileValues, options: { keepExisting?: boolean } = {}) {
  const insert = db.insert(profiles).values({ userId, ...values });
  await (options.keepExisting
    ? insert.onConflictDoNothing({ target: profiles.userId })
    : insert.onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: new Date() } }));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row?.id;
}

// Invitations are operator-issued and not owned by a user yet: looked up by their secret token's hash.
export async function insertInvitation(
  db: Db,
  values: { tokenHash: string; email: string | null; kind: 'owner' | 'invite'; expiresAt: Date },
) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks the invitation used; false when someone else used it first. */
export async function claimInvitation(db: Db, id: string, userId: string): Promise<boolean> {
  const claimed = await db
    .update(invitations)
    .set({ usedAt: new Date(), usedByUserId: userId })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
    .returning({ id: invitations.id });
  return claimed.length === 1;
}
