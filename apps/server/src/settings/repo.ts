import { and, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { emailAccounts, profiles, sessions, twoFactors, users } from '../platform/db/schema/index.ts';

export async function findUserWithProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row?.id;
}

/** Names and email of the profile, and the sign-in email and display name of the auth user, together. */
export async function saveProfileAndEmail(
  db: Db,
  userId: string,
  values: { firstName: string | null; lastName: string | null; email: string; name: string },
) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ email: values.email, name: values.name }).where(eq(users.id, userId));
    const profile = { firstName: values.firstName, lastName: values.lastName, email: values.email };
    await tx
      .insert(profiles)
      .values({ userId, ...profile })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...profile, updatedAt: new Date() } });
  });
}

export async function countEmailAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(emailAccounts).where(eq(emailAccounts.userId, userId));
  return row?.value ?? 0;
}

/** When the user last signed in: the newest of their sessions (each sign-in creates one). */
export async function findLastSignIn(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ value: max(sessions.createdAt) })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.value ?? null;
}

/** The user's sessions, newest activity first. The token column is never read. */
export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends one of the user's sessions; false when the id is not one of theirs. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length === 1;
}

export async function deleteSessionsExcept(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function deleteAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Turns two-factor sign-in off: the flag and the secret with its backup codes. */
export async function removeTwoFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ twoFactorEnabled: false })
      .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true)))
      .returning({ id: users.id });
    const deleted = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id });
    return updated.length + deleted.length > 0;
  });
}

/**
 * "Storage used", estimated cheaply. Database: for every table with a `user_id` column, the user's
 * row count times the table's average bytes a row (its whole size with indexes and TOAST over its
 * row count as the statistics know it); tables keyed by `email_account_id` only are counted through
 * the user's accounts. Files: the sizes of the uploaded knowledge documents and attachments (the
 * only files Penman stores; mail is stored parsed, in the database).
 */
export async function estimateStorage(db: Db, userId: string): Promise<{ databaseBytes: number; fileBytes: number }> {
  const { rows: tables } = await db.execute<{ table_name: string; key: 'user_id' | 'email_account_id' }>(sql`
    select c.table_name, case when bool_or(c.column_name = 'user_id') then 'user_id' else 'email_account_id' end as key
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name in ('user_id', 'email_account_id')
    group by c.table_name
    order by c.table_name`);
  let databaseBytes = 0;
  for (const { table_name: table, key } of tables) {
    const name = sql.identifier(table);
    const mine =
      key === 'user_id' ? sql`user_id = ${userId}` : sql`email_account_id in (select id from email_accounts where user_id = ${userId})`;
    const { rows } = await db.execute<{ bytes: string | null }>(sql`
      with mine as (select count(*)::float8 as n from ${name} where ${mine}),
      whole as (
        select pg_total_relation_size(c.oid)::float8 as size,
          -- reltuples is -1 until the table is first vacuumed or analyzed: count it then.
          case when c.reltuples > 0 then c.reltuples::float8 else (select count(*)::float8 from ${name}) end as total
        from pg_class c where c.oid = to_regclass(${`public.${table}`})
      )
      select case when whole.total > 0 then round(mine.n * whole.size / whole.total)::bigint::text else '0' end as bytes
      from mine, whole`);
    databaseBytes += Number(rows[0]?.bytes ?? 0);
  }
  const { rows: files } = await db.execute<{ bytes: string }>(sql`
    select ((select coalesce(sum(file_size), 0) from knowledge_documents where user_id = ${userId})
      + (select coalesce(sum(file_size), 0) from email_attachments where user_id = ${userId}))::text as bytes`);
  return { databaseBytes, fileBytes: Number(files[0]?.bytes ?? 0) };
}
