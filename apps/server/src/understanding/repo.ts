import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import {
  draftingSettings,
  emailAccounts,
  emailMessageAttachments,
  emails,
  emailTriage,
  emailUnderstanding,
  profiles,
  triageCorrections,
  triageModels,
} from '../platform/db/schema/index.ts';

// Every function takes the user's id and puts it in the `where`; an account id is checked against it.

/** The understanding reads this much of a body (the new words are at its top). */
const BODY_CHARS = 20_000;

const mailColumns = {
  id: emails.id,
  emailAccountId: emails.emailAccountId,
  messageId: emails.messageId,
  inReplyTo: emails.inReplyTo,
  references: emails.references,
  subject: emails.subject,
  senderEmail: emails.senderEmail,
  senderName: emails.senderName,
  recipientEmails: emails.recipientEmails,
  ccEmails: emails.ccEmails,
  bodyText: sql<string | null>`left(${emails.bodyText}, ${BODY_CHARS})`,
  // Only when there is no text part: the understanding reads the HTML's text then.
  bodyHtml: sql<string | null>`case when coalesce(${emails.bodyText}, '') = '' then left(${emails.bodyHtml}, ${BODY_CHARS}) end`,
  receivedDate: emails.receivedDate,
  headers: emails.headers,
  isOutgoing: emails.isOutgoing,
  isTrainingData: emails.isTrainingData,
};

/** What the understanding and triage read of the given emails (their own fields, a body prefix, attachment types). */
export async function loadMail(db: Db, userId: string, accountId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  const rows = await db
    .select(mailColumns)
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), inArray(emails.id, emailIds)));
  const types = await db
    .select({ emailId: emailMessageAttachments.emailId, contentType: emailMessageAttachments.contentType })
    .from(emailMessageAttachments)
    .where(and(eq(emailMessageAttachments.userId, userId), inArray(emailMessageAttachments.emailId, emailIds)));
  const byEmail = new Map<string, string[]>();
  for (const { emailId, contentType } of types) if (contentType) byEmail.set(emailId, [...(byEmail.get(emailId) ?? []), contentType]);
  return rows.map((row) => ({ ...row, attachmentTypes: byEmail.get(row.id) ?? [] }));
}

export type MailRow = Awaited<ReturnType<typeof loadMail>>[number];

/**
 * Which of the given emails to understand, without their bodies: a batch of mail stored is read
 * in full only for the emails chosen (an initial download's old mail is never read).
 */
export async function loadMailChoices(db: Db, userId: string, accountId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ id: emails.id, receivedDate: emails.receivedDate, isOutgoing: emails.isOutgoing, isTrainingData: emails.isTrainingData })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), inArray(emails.id, emailIds)));
}

/** The account of an email, when the email is the user's. */
export async function findEmailAccount(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select({ accountId: emails.emailAccountId, isOutgoing: emails.isOutgoing })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.id, emailId)))
    .limit(1);
  return row;
}

/** The account's address, confirmed aliases and display name, and the user's profile name. */
export async function findReaderSources(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({
      emailAddress: emailAccounts.emailAddress,
      aliases: emailAccounts.aliases,
      displayName: emailAccounts.displayName,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(emailAccounts)
    .leftJoin(profiles, eq(profiles.userId, emailAccounts.userId))
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

/** Mail the user's habits are learned from: the account's newest this many incoming and sent emails. */
const LEARN_MAIL_LIMIT = 8_000;
/** Learning reads the start of each body (the greeting and signature lines). */
const LEARN_BODY_CHARS = 600;

export async function loadMailForLearning(db: Db, userId: string, accountId: string, outgoing: boolean) {
  return db
    .select({ ...mailColumns, bodyText: sql<string | null>`left(${emails.bodyText}, ${LEARN_BODY_CHARS})`, bodyHtml: sql<null>`null` })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), eq(emails.isOutgoing, outgoing)))
    .orderBy(sql`${emails.receivedDate} desc nulls last`)
    .limit(LEARN_MAIL_LIMIT);
}

// --- understanding --------------------------------------------------------------------------------

export async function upsertUnderstandings(
  db: Db,
  userId: string,
  accountId: string,
  rows: { emailId: string; version: number; understanding: unknown }[],
) {
  if (rows.length === 0) return;
  await db
    .insert(emailUnderstanding)
    .values(rows.map((row) => ({ ...row, userId, emailAccountId: accountId })))
    .onConflictDoUpdate({
      target: emailUnderstanding.emailId,
      set: { version: sql`excluded.version`, understanding: sql`excluded.understanding`, createdAt: sql`now()` },
    });
}

export async function findUnderstandings(db: Db, userId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  return db
    .select({ emailId: emailUnderstanding.emailId, version: emailUnderstanding.version, understanding: emailUnderstanding.understanding })
    .from(emailUnderstanding)
    .where(and(eq(emailUnderstanding.userId, userId), inArray(emailUnderstanding.emailId, emailIds)));
}

// --- triage ---------------------------------------------------------------------------------------

export type TriageDecisionRow = {
  emailId: string;
  needsReply: boolean;
  needsReview: boolean;
  score: number;
  reasons: string[];
  reviewReasons: string[];
  corrected?: boolean;
};

/** Idempotent per email: triage run again on the same email replaces its decision. */
export async function upsertTriage(db: Db, userId: string, accountId: string, decisions: TriageDecisionRow[]) {
  if (decisions.length === 0) return;
  await db
    .insert(emailTriage)
    .values(decisions.map((d) => ({ ...d, corrected: d.corrected ?? false, userId, emailAccountId: accountId, decidedAt: new Date() })))
    .onConflictDoUpdate({
      target: emailTriage.emailId,
      set: {
        needsReply: sql`excluded.needs_reply`,
        needsReview: sql`excluded.needs_review`,
        score: sql`excluded.score`,
        reasons: sql`excluded.reasons`,
        reviewReasons: sql`excluded.review_reasons`,
        corrected: sql`excluded.corrected`,
        decidedAt: sql`excluded.decided_at`,
      },
    });
}

export async function findTriage(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select()
    .from(emailTriage)
    .where(and(eq(emailTriage.userId, userId), eq(emailTriage.emailId, emailId)))
    .limit(1);
  return row;
}

export async function findTriages(db: Db, userId: string, emailIds: string[]) {
  if (emailIds.length === 0) return [];
  return db
    .select()
    .from(emailTriage)
    .where(and(eq(emailTriage.userId, userId), inArray(emailTriage.emailId, emailIds)));
}

export async function findTriageModel(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(triageModels)
    .where(and(eq(triageModels.userId, userId), eq(triageModels.emailAccountId, accountId)))
    .limit(1);
  return row;
}

export async function saveTriageModel(db: Db, userId: string, accountId: string, model: unknown, learnedFrom: number) {
  const learnedAt = new Date();
  await db
    .insert(triageModels)
    .values({ emailAccountId: accountId, userId, model, learnedFrom, learnedAt })
    .onConflictDoUpdate({ target: triageModels.emailAccountId, set: { model, learnedFrom, learnedAt } });
}

/**
 * The triage rules of the account's drafting settings (review words and senders, ignored senders):
 * the drafts area owns the settings, triage reads these three.
 */
export async function findTriageRules(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({
      reviewWords: draftingSettings.reviewWords,
      reviewSenders: draftingSettings.reviewSenders,
      ignoredSenders: draftingSettings.ignoredSenders,
    })
    .from(draftingSettings)
    .where(and(eq(draftingSettings.userId, userId), eq(draftingSettings.emailAccountId, accountId)))
    .limit(1);
  return row ?? { reviewWords: [], reviewSenders: [], ignoredSenders: [] };
}

// --- corrections ----------------------------------------------------------------------------------

/** The user's corrections learned from: the newest this many of the account. */
const CORRECTIONS_LIMIT = 2_000;

export async function listCorrections(db: Db, userId: string, accountId: string) {
  return db
    .select({
      sender: triageCorrections.sender,
      kind: triageCorrections.kind,
      needsReply: triageCorrections.needsReply,
      at: triageCorrections.createdAt,
    })
    .from(triageCorrections)
    .where(and(eq(triageCorrections.userId, userId), eq(triageCorrections.emailAccountId, accountId)))
    .orderBy(desc(triageCorrections.createdAt))
    .limit(CORRECTIONS_LIMIT);
}

export async function upsertCorrection(
  db: Db,
  row: { userId: string; emailAccountId: string; emailId: string; sender: string; kind: string; needsReply: boolean },
) {
  await db
    .insert(triageCorrections)
    .values(row)
    .onConflictDoUpdate({
      target: triageCorrections.emailId,
      set: { needsReply: row.needsReply, kind: row.kind, sender: row.sender, createdAt: sql`now()` },
    });
}
