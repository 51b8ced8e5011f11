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
 * A new outlook account on Microsoft's IMAP server; the refresh token goes in encrypted_password.
 * Undefined when the user already has an account with this address (the unique index decides).
 */
export async function insertOutlookAccount(
  db: Db,
  userId: string,
  values: { emailAddress: string; encryptedRefreshToken: string; grantedScopes: string[]; imap: { host: string; port: number } },
): Promise<string | undefined> {
  const [row] = await db
    .insert(emailAccounts)
    .values({
      userId,
      emailAddress: values.emailAddress,
      provider: 'outlook',
      displayName: values.emailAddress,
      serverUrl: values.imap.host,
      port: values.imap.port,
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
  values: { encryptedRefreshToken: string; grantedScopes: string[]; imap: { host: string; port: number } },
): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({
      encryptedPassword: values.encryptedRefreshToken,
      grantedScopes: values.grantedScopes,
      serverUrl: values.imap.host,
      port: values.imap.port,
      syncState: sql`case when ${emailAccounts.syncState} = 'failed' then 'idle' else ${emailAccounts.syncState} end`,
      lastSyncError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId), eq(emailAccounts.provider, 'outlook')))
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
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

export async function recordActivity(
  db: Db,
  userId: string,
  event: { emailAccountId: string; kind: string; detail: Record<string, unknown> },
) {
  await db.insert(activityEvents).values({ userId, emailAccountId: event.emailAccountId, kind: event.kind, detail: event.detail });
}
