import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { activityEvents, emailAccounts } from '../platform/db/schema/index.ts';

/** The user's account with this address, if any (any provider). */
export async function findAccountByAddress(db: Db, userId: string, emailAddress: string) {
  const [row] = await db
    .select({ id: emailAccounts.id, provider: emailAccounts.provider })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.emailAddress, emailAddress)))
    .limit(1);
  return row;
}

/**
 * A new Gmail account; `encryptedRefreshToken` goes in the spec's encrypted_password column.
 * Undefined when the user already has an account with this address (the unique index decides).
 */
export async function insertGmailAccount(
  db: Db,
  userId: string,
  values: { emailAddress: string; encryptedRefreshToken: string; grantedScopes: string[] },
): Promise<string | undefined> {
  const [row] = await db
    .insert(emailAccounts)
    .values({
      userId,
      emailAddress: values.emailAddress,
      provider: 'gmail',
      displayName: values.emailAddress,
      encryptedPassword: values.encryptedRefreshToken,
      grantedScopes: values.grantedScopes,
    })
    .onConflictDoNothing()
    .returning({ id: emailAccounts.id });
  return row?.id;
}

/** Reconnecting: the new refresh token replaces the old one and a failed sync may run again. */
export async function replaceRefreshToken(
  db: Db,
  userId: string,
  accountId: string,
  encryptedRefreshToken: string,
  grantedScopes: string[],
): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({
      encryptedPassword: encryptedRefreshToken,
      grantedScopes,
      syncState: sql`case when ${emailAccounts.syncState} = 'failed' then 'idle' else ${emailAccounts.syncState} end`,
      lastSyncError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId), eq(emailAccounts.provider, 'gmail')))
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
}

export async function recordActivity(
  db: Db,
  userId: string,
  event: { emailAccountId: string; kind: string; detail: Record<string, unknown> },
) {
  await db.insert(activityEvents).values({ userId, emailAccountId: event.emailAccountId, kind: event.kind, detail: event.detail });
}
