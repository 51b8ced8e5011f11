import { and, asc, count, eq, gt, gte, inArray, isNull, lt, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { invitations, profiles, signInFailures, users } from '../platform/db/schema/index.ts';
import type { FailureRecord } from './engine/sign-in-limits.ts';

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

/**
 * Marks the invitation used; false when someone else used it first. `soleUser`: also false when any
 * user but `userId` exists (an owner link makes the first account only).
 */
export async function claimInvitation(db: Db, id: string, userId: string, options: { soleUser?: boolean } = {}): Promise<boolean> {
  const otherUsers = db.select({ id: users.id }).from(users).where(ne(users.id, userId));
  const claimed = await db
    .update(invitations)
    .set({ usedAt: new Date(), usedByUserId: userId })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, new Date()),
        options.soleUser ? notExists(otherUsers) : undefined,
      ),
    )
    .returning({ id: invitations.id });
  return claimed.length === 1;
}

// Sign-in failures are counted before anyone is signed in: keyed by client address and email hash.

/**
 * Runs `decide` on the failure records of `keys` while holding their row locks, then writes the
 * records it answers; one transaction, so processes counting the same keys take turns. Keys are
 * locked in sorted order (no deadlock between two attempts sharing keys).
 */
export async function updateSignInFailures<T>(
  db: Db,
  keys: string[],
  decide: (records: Map<string, FailureRecord>) => { writes: Map<string, FailureRecord>; result: T },
): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    // Empty rows first, so there is a row to lock even for a key never seen (epoch = nothing counted).
    const epoch = new Date(0);
    await tx
      .insert(signInFailures)
      .values(sorted.map((key) => ({ key, failures: 0, windowStartedAt: epoch, lastFailureAt: epoch })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.key, sorted))
      .orderBy(asc(signInFailures.key))
      .for('update');
    const records = new Map(
      rows.map((row) => [
        row.key,
        { failures: row.failures, windowStartedAt: row.windowStartedAt.getTime(), lastFailureAt: row.lastFailureAt.getTime() },
      ]),
    );
    const { writes, result } = decide(records);
    for (const [key, record] of writes) {
      await tx
        .update(signInFailures)
        .set({
          failures: record.failures,
          windowStartedAt: new Date(record.windowStartedAt),
          lastFailureAt: new Date(record.lastFailureAt),
        })
        .where(eq(signInFailures.key, key));
    }
    return result;
  });
}

/** Takes one failure back from a window still current (it started at `windowStartedAt`). */
export async function takeBackSignInFailure(db: Db, key: string, windowStartedAt: number): Promise<void> {
  await db
    .update(signInFailures)
    .set({ failures: sql`${signInFailures.failures} - 1` })
    .where(
      and(eq(signInFailures.key, key), eq(signInFailures.windowStartedAt, new Date(windowStartedAt)), gte(signInFailures.failures, 1)),
    );
}

export async function deleteSignInFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

export async function deleteSignInFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, before));
}
