import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  communicationStyleProfiles,
  contacts,
  deliverySettings,
  draftFeedback,
  draftingSettings,
  drafts,
  emailAccounts,
  emailAttachments,
  emails,
  knowledgeDocuments,
  profiles,
  users,
} from '../platform/db/schema/index.ts';

// The data export's reads, every one scoped by the user. Lists that grow with the mailbox are read
// in pages (keyset on id) so the export never holds a whole mailbox.

/** Columns that hold secrets (mailbox passwords, OAuth tokens, SMTP passwords): never exported. */
const SECRET_COLUMN = /encrypted|password|secret|token/i;

function withoutSecrets<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key))) as Partial<T>;
}

export async function readProfileAndSettings(db: Db, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const accounts = await db.select().from(emailAccounts).where(eq(emailAccounts.userId, userId)).orderBy(asc(emailAccounts.createdAt));
  const drafting = await db.select().from(draftingSettings).where(eq(draftingSettings.userId, userId));
  const delivery = await db.select().from(deliverySettings).where(eq(deliverySettings.userId, userId));
  return {
    user,
    profile: profile ? withoutSecrets(profile) : null,
    emailAccounts: accounts.map(withoutSecrets),
    draftingSettings: drafting.map(withoutSecrets),
    deliverySettings: delivery.map(withoutSecrets),
  };
}

export async function listAccounts(db: Db, userId: string) {
  return db
    .select({ id: emailAccounts.id, emailAddress: emailAccounts.emailAddress, provider: emailAccounts.provider })
    .from(emailAccounts)
    .where(eq(emailAccounts.userId, userId))
    .orderBy(asc(emailAccounts.createdAt));
}

export const EMAIL_PAGE = 200;

/** One page of an account's mail in stored (parsed) form, after `afterId`. */
export async function readEmailPage(db: Db, userId: string, accountId: string, afterId: string | null) {
  return db
    .select({
      id: emails.id,
      messageKey: emails.messageKey,
      messageId: emails.messageId,
      inReplyTo: emails.inReplyTo,
      references: emails.references,
      subject: emails.subject,
      senderEmail: emails.senderEmail,
      senderName: emails.senderName,
      recipientEmails: emails.recipientEmails,
      ccEmails: emails.ccEmails,
      recipientNames: emails.recipientNames,
      receivedDate: emails.receivedDate,
      dateUnknown: emails.dateUnknown,
      folderName: emails.folderName,
      isOutgoing: emails.isOutgoing,
      bodyText: emails.bodyText,
      bodyHtml: emails.bodyHtml,
      headers: emails.headers,
    })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), afterId ? gt(emails.id, afterId) : undefined))
    .orderBy(asc(emails.id))
    .limit(EMAIL_PAGE);
}

export type ExportEmail = Awaited<ReturnType<typeof readEmailPage>>[number];

export async function readContactPage(db: Db, userId: string, afterId: string | null) {
  return db
    .select({
      id: contacts.id,
      emailAddress: contacts.emailAddress,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      displayName: contacts.displayName,
      companyName: contacts.companyName,
      jobTitle: contacts.jobTitle,
      department: contacts.department,
      phoneNumber: contacts.phoneNumber,
      notes: contacts.notes,
      isInternal: contacts.isInternal,
      mailbox: emailAccounts.emailAddress,
    })
    .from(contacts)
    .innerJoin(emailAccounts, eq(emailAccounts.id, contacts.emailAccountId))
    .where(and(eq(contacts.userId, userId), afterId ? gt(contacts.id, afterId) : undefined))
    .orderBy(asc(contacts.id))
    .limit(500);
}

export async function readStyleProfiles(db: Db, userId: string) {
  return db.select().from(communicationStyleProfiles).where(eq(communicationStyleProfiles.userId, userId));
}

/** One page of drafts with their feedback history. */
export async function readDraftPage(db: Db, userId: string, afterId: string | null) {
  const page = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.userId, userId), afterId ? gt(drafts.id, afterId) : undefined))
    .orderBy(asc(drafts.id))
    .limit(200);
  if (page.length === 0) return [];
  const feedback = await db
    .select()
    .from(draftFeedback)
    .where(
      and(
        eq(draftFeedback.userId, userId),
        inArray(
          draftFeedback.draftId,
          page.map((draft) => draft.id),
        ),
      ),
    )
    .orderBy(asc(draftFeedback.createdAt));
  return page.map((draft) => ({ ...draft, feedback: feedback.filter((entry) => entry.draftId === draft.id) }));
}

/** The user's stored files (knowledge documents and the attachment library) with their storage keys. */
export async function listStoredFiles(db: Db, userId: string) {
  const knowledge = await db
    .select({ key: knowledgeDocuments.filePath, filename: knowledgeDocuments.filename })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.userId, userId));
  const attachments = await db
    .select({ key: emailAttachments.filePath, filename: emailAttachments.filename })
    .from(emailAttachments)
    .where(eq(emailAttachments.userId, userId));
  return { knowledge, attachments };
}
