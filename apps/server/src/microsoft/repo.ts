import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';

/** The stored (encrypted) refresh token of one of the user's outlook accounts. */
export async function findRefreshToken(db: Db, userId: string, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ encryptedPassword: emailAccounts.encryptedPassword })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId), eq(emailAccounts.provider, 'outlook')))
    .limit(1);
  return row?.encryptedPassword ?? null;
}

/**
 * Microsoft rotated the refresh token: store the new one, unless the stored token is no longer the
 * one it was refreshed from (a reconnect replaced it meanwhile). True when stored.
 */
export async function storeRotatedRefreshToken(
  db: Db,
  userId: string,
  accountId: string,
  previous: string,
  next: string,
): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({ encryptedPassword: next, updatedAt: new Date() })
    .where(
      and(
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.id, accountId),
        eq(emailAccounts.provider, 'outlook'),
        eq(emailAccounts.encryptedPassword, previous),
      ),
    )
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
}
