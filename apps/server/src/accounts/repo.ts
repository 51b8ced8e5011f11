import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, retryConflicts } from '../platform/db/client.ts';
import {
  activityEvents,
  communicationStyleProfiles,
  contacts,
  type EmailProvider,
  emailAccounts,
  emailAttachments,
  emails,
  ignoredSenders,
  knowledgeDocuments,
  mailboxSync,
  mailFolders,
  type NewEmailAccountRow,
  type StoredAliasesRecompute,
  TRAINING_FIELDS_AT_START,
  trainingAnalyses,
  trainingSessions,
} from '../platform/db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const { encryptedPassword: _secret, ...publicColumns } = getTableColumns(emailAccounts);

/**
 * Every column but the secret, plus when the style profile was generated (the Style Corpus card)
 * and whether a training download runs: with the row's own training fields, what the derived
 * training status needs.
 */
const accountSelection = {
  ...publicColumns,
  styleProfileGeneratedAt: communicationStyleProfiles.analysisDate,
  trainingSessionRunning: sql<boolean>`exists (select 1 from ${trainingSessions} where ${trainingSessions.emailAccountId} = ${emailAccounts.id} and ${trainingSessions.status} = 'downloading')`,
};

function selectAccounts(db: Db) {
  return db
    .select(accountSelection)
    .from(emailAccounts)
    .leftJoin(communicationStyleProfiles, eq(communicationStyleProfiles.emailAccountId, emailAccounts.id));
}

export type AccountRecord = Awaited<ReturnType<typeof listAccounts>>[number];

export async function listAccounts(db: Db, userId: string) {
  return selectAccounts(db).where(eq(emailAccounts.userId, userId)).orderBy(desc(emailAccounts.createdAt));
}

export async function findAccount(db: Db, userId: string, accountId: string) {
  const [row] = await selectAccounts(db)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

export async function findAccountByAddress(db: Db, userId: string, emailAddress: string) {
  const [row] = await db
    .select({ id: emailAccounts.id, provider: emailAccounts.provider })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.emailAddress, emailAddress)))
    .limit(1);
  return row;
}

/** The new account's id; undefined when the user already has an account with this address (the unique index decides). */
export async function insertAccount(db: Db, userId: string, values: Omit<NewEmailAccountRow, 'userId'>): Promise<string | undefined> {
  const [row] = await db
    .insert(emailAccounts)
    .values({ ...values, userId })
    .onConflictDoNothing()
    .returning({ id: emailAccounts.id });
  return row?.id;
}

/**
 * Reconnecting an OAuth account (Gmail, Microsoft): the new refresh token (and, for Microsoft, its
 * mail server) replaces the old one, and a failed sync may run again. False when not the user's.
 */
export async function replaceRefreshToken(
  db: Db,
  userId: string,
  accountId: string,
  provider: EmailProvider,
  values: { encryptedRefreshToken: string; grantedScopes: string[]; mailboxIdentity: string | null; serverUrl?: string; port?: number },
): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({
      encryptedPassword: values.encryptedRefreshToken,
      grantedScopes: values.grantedScopes,
      mailboxIdentity: values.mailboxIdentity,
      ...(values.serverUrl === undefined ? {} : { serverUrl: values.serverUrl }),
      ...(values.port === undefined ? {} : { port: values.port }),
      syncState: sql`case when ${emailAccounts.syncState} = 'failed' then 'idle' else ${emailAccounts.syncState} end`,
      lastSyncError: null,
      updatedAt: new Date(),
    })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId), eq(emailAccounts.provider, provider)))
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
}

/** Updates one account of the user; returns false when it is not theirs (or gone). */
export async function updateAccount(
  db: Pick<Db, 'update'>,
  userId: string,
  accountId: string,
  values: Partial<NewEmailAccountRow>,
): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
}

/** Storage paths of the account's knowledge documents and attachment files (removed with it). */
/** Deletes the account; every table that belongs to it goes with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, userId: string, accountId: string): Promise<boolean> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      // The spec's order: files, emails, ignored senders, style profiles, then the account.
      const scope = <
        T extends
          | typeof knowledgeDocuments
          | typeof emailAttachments
          | typeof emails
          | typeof ignoredSenders
          | typeof communicationStyleProfiles
          | typeof contacts,
      >(
        t: T,
      ) => and(eq(t.userId, userId), eq(t.emailAccountId, accountId));
      await tx.delete(knowledgeDocuments).where(scope(knowledgeDocuments));
      await tx.delete(emailAttachments).where(scope(emailAttachments));
      await tx.delete(emails).where(scope(emails));
      await tx.delete(ignoredSenders).where(scope(ignoredSenders));
      await tx.delete(communicationStyleProfiles).where(scope(communicationStyleProfiles));
      // Contacts (and their statistics) before the account row: a contact-book update still running
      // locks its contacts, then the account row (its contacts count). Deleting the account first
      // would take the same locks the other way round, and one of the two would fail on a deadlock.
      await tx.delete(contacts).where(scope(contacts));
      const deleted = await tx
        .delete(emailAccounts)
        .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
        .returning({ id: emailAccounts.id });
      return deleted.length === 1;
    }),
  );
}

/**
 * Reset: every email of the account and every counter and training field back to the start, and
 * what training built from that mail (the style profile and the topic analysis): training_status
 * is derived from the profile, so a reset account reads not trained, as the spec's reset says.
 */
export async function resetAccountMail(db: Db, userId: string, accountId: string): Promise<boolean> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const [owned] = await tx
        .select({ id: emailAccounts.id })
        .from(emailAccounts)
        .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
      if (!owned) return false;
      await tx.delete(emails).where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId)));
      // Cursors go too, or the next sync would think everything is already downloaded.
      await tx.delete(mailFolders).where(and(eq(mailFolders.userId, userId), eq(mailFolders.emailAccountId, accountId)));
      await tx.delete(mailboxSync).where(and(eq(mailboxSync.userId, userId), eq(mailboxSync.emailAccountId, accountId)));
      await tx
        .delete(communicationStyleProfiles)
        .where(and(eq(communicationStyleProfiles.userId, userId), eq(communicationStyleProfiles.emailAccountId, accountId)));
      await tx.delete(trainingAnalyses).where(and(eq(trainingAnalyses.userId, userId), eq(trainingAnalyses.emailAccountId, accountId)));
      await tx
        .update(emailAccounts)
        .set({
          emailsDownloadedCount: 0,
          trainingEmailsCount: 0,
          totalEmailsCountActual: 0,
          incomingEmailsCount: 0,
          outgoingEmailsCount: 0,
          unreadEmailsCount: 0,
          emailsWithAttachmentsCount: 0,
          messagesTruncated: 0,
          contactsCount: 0,
          dateRangeStart: null,
          dateRangeEnd: null,
          averageEmailsPerDay: 0,
          topSenders: [],
          // Found in the mail that is gone; the user's own decisions (aliases, dismissed) stay.
          aliasProposals: [],
          ...TRAINING_FIELDS_AT_START,
          stopDownload: false,
          emailsDownloadStartedAt: null,
          syncState: 'idle',
          lastSyncError: null,
          lastSyncAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
      return true;
    }),
  );
}

export async function countAccountEmails(db: Db, userId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId)));
  return row?.n ?? 0;
}

export async function recordActivity(
  db: Db,
  userId: string,
  event: { emailAccountId?: string | null; kind: string; detail?: Record<string, unknown> },
) {
  await db
    .insert(activityEvents)
    .values({ userId, emailAccountId: event.emailAccountId ?? null, kind: event.kind, detail: event.detail ?? {} });
}

/** The account's own-address fields, locked in `tx` until it ends (one change of the aliases at a time). */
export async function lockAliases(tx: Tx, userId: string, accountId: string) {
  const [row] = await tx
    .select({
      emailAddress: emailAccounts.emailAddress,
      aliases: emailAccounts.aliases,
      dismissedAliases: emailAccounts.dismissedAliases,
      aliasProposals: emailAccounts.aliasProposals,
      aliasesVersion: emailAccounts.aliasesVersion,
      aliasesRecompute: emailAccounts.aliasesRecompute,
    })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .for('update');
  return row;
}

/**
 * Saves the recompute's progress, only while it is the recompute of the account's current aliases
 * (`state.version`). False when the aliases changed since: a newer recompute is queued.
 */
export async function saveAliasesRecompute(db: Db, userId: string, accountId: string, state: StoredAliasesRecompute): Promise<boolean> {
  const updated = await db
    .update(emailAccounts)
    .set({ aliasesRecompute: state, updatedAt: new Date() })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId), eq(emailAccounts.aliasesVersion, state.version)))
    .returning({ id: emailAccounts.id });
  return updated.length === 1;
}
