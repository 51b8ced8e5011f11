import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { emailAccounts, emailAttachments, knowledgeDocuments } from '../platform/db/schema/index.ts';

export async function countEmailAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(emailAccounts).where(eq(emailAccounts.userId, userId));
  return row?.value ?? 0;
}

/** The user's oldest account: the spec's "first email account" that the sidebar badges count. */
export async function findFirstEmailAccountId(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt))
    .limit(1);
  return row?.id;
}

export async function countFilesOfAccount(db: Db, userId: string, emailAccountId: string) {
  const [knowledge] = await db
    .select({ value: count() })
    .from(knowledgeDocuments)
    .where(and(eq(knowledgeDocuments.userId, userId), eq(knowledgeDocuments.emailAccountId, emailAccountId)));
  const [attachments] = await db
    .select({ value: count() })
    .from(emailAttachments)
    .where(and(eq(emailAttachments.userId, userId), eq(emailAttachments.emailAccountId, emailAccountId)));
  return { knowledgeDocuments: knowledge?.value ?? 0, attachments: attachments?.value ?? 0 };
}

/** The overview's stat cards: exact counts over every account of the user. */
export async function countOverview(db: Db, userId: string) {
  const { rows } = await db.execute<{ accounts: number; emails: number; knowledge: number; attachments: number }>(sql`
    select (select count(*) from email_accounts where user_id = ${userId})::int as accounts,
      (select count(*) from emails where user_id = ${userId})::int as emails,
      (select count(*) from knowledge_documents where user_id = ${userId})::int as knowledge,
      (select count(*) from email_attachments where user_id = ${userId})::int as attachments`);
  const row = rows[0]!;
  return { emailAccounts: row.accounts, emailsProcessed: row.emails, knowledgeDocuments: row.knowledge, attachments: row.attachments };
}

/**
 * The user's latest events, newest first: what areas recorded in activity_events (accounts
 * connected, initializations, uploads), and the last finished sync of each account (mailbox_sync:
 * one row per account, so a mailbox synced every few minutes does not flood the feed).
 */
export async function listRecentActivity(db: Db, userId: string, limit: number) {
  const { rows } = await db.execute<{
    id: string;
    kind: string;
    email_address: string | null;
    file_name: string | null;
    created_at: Date;
  }>(sql`
    select ev.id, ev.kind, a.email_address, ev.detail ->> 'fileName' as file_name, ev.created_at
    from activity_events ev left join email_accounts a on a.id = ev.email_account_id and a.user_id = ${userId}
    where ev.user_id = ${userId}
    union all
    select s.id, 'sync.finished', a.email_address, null, s.last_sync_at
    from mailbox_sync s join email_accounts a on a.id = s.email_account_id and a.user_id = ${userId}
    where s.user_id = ${userId} and s.last_sync_at is not null
    order by created_at desc, id
    limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    emailAddress: row.email_address,
    fileName: row.file_name,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
