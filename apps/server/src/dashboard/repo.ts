import { and, asc, count, eq } from 'drizzle-orm';
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
