import { and, desc, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { type Db, retryConflicts } from '../platform/db/client.ts';
import {
  communicationStyleProfiles,
  emailAccounts,
  emails,
  TRAINING_FIELDS_AT_START,
  type TrainingSessionKind,
  type TrainingSessionRow,
  trainingAnalyses,
  trainingSessions,
} from '../platform/db/schema/index.ts';

const ownedSession = (userId: string, accountId: string) =>
  and(eq(trainingSessions.userId, userId), eq(trainingSessions.emailAccountId, accountId));

/** The Training screen's account fields and whether a style analysis exists; undefined when not the user's. */
export async function findTrainingAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({
      id: emailAccounts.id,
      outgoingEmailsCount: emailAccounts.outgoingEmailsCount,
      incomingEmailsCount: emailAccounts.incomingEmailsCount,
      totalEmailsCountActual: emailAccounts.totalEmailsCountActual,
      trainingEmailsCount: emailAccounts.trainingEmailsCount,
      lastSyncAt: emailAccounts.lastSyncAt,
      trainingStatus: emailAccounts.trainingStatus,
      trainingError: emailAccounts.trainingError,
      trainingStartedAt: emailAccounts.trainingStartedAt,
      trainingCompletedAt: emailAccounts.trainingCompletedAt,
      trainingEmailsDownloadedOn: emailAccounts.trainingEmailsDownloadedOn,
      initializationStatus: emailAccounts.initializationStatus,
      lastInitStep: emailAccounts.lastInitStep,
      sentStyleCap: emailAccounts.sentStyleCap,
      inboxContactsPageCap: emailAccounts.inboxContactsPageCap,
      maxEmailsPerDownload: emailAccounts.maxEmailsPerDownload,
      analysisDate: communicationStyleProfiles.analysisDate,
      sampleSize: communicationStyleProfiles.sampleSize,
      totalEmailsAvailable: communicationStyleProfiles.totalEmailsAvailable,
      // The engine's own sample (kept whole in `profile`) is the sent mail with words of the user's
      // own: analyze-communication-style's emailsAnalyzed.
      emailsAnalyzed: sql<number | null>`(${communicationStyleProfiles.profile}->>'sampleSize')::int`,
    })
    .from(emailAccounts)
    .leftJoin(communicationStyleProfiles, eq(communicationStyleProfiles.emailAccountId, emailAccounts.id))
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

export type TrainingAccount = NonNullable<Awaited<ReturnType<typeof findTrainingAccount>>>;

/** The account's sessions, newest first. */
export function listSessions(db: Db, userId: string, accountId: string, limit: number) {
  return db.select().from(trainingSessions).where(ownedSession(userId, accountId)).orderBy(desc(trainingSessions.initiatedAt)).limit(limit);
}

/** The newest session that found mail in its range (its dates are worth offering again). */
export async function findLastSessionWithMail(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ startDate: trainingSessions.startDate, endDate: trainingSessions.endDate })
    .from(trainingSessions)
    .where(
      and(
        ownedSession(userId, accountId),
        eq(trainingSessions.status, 'completed'),
        gt(trainingSessions.totalEmailsDownloaded, 0),
        isNotNull(trainingSessions.startDate),
        isNotNull(trainingSessions.endDate),
      ),
    )
    .orderBy(desc(trainingSessions.initiatedAt))
    .limit(1);
  return row?.startDate && row.endDate ? { startDate: row.startDate, endDate: row.endDate } : null;
}

/**
 * When the account's newest received (or sent) email before `before` arrived; mail dated in the
 * future is left out. Newest first down the (user, account, received_date) index: it stops at the
 * first email of that direction.
 */
export async function findNewestMailDate(
  db: Db,
  scope: { userId: string; accountId: string; before: Date; outgoing: boolean },
): Promise<Date | null> {
  const { userId, accountId, before, outgoing } = scope;
  const [row] = await db
    .select({ receivedDate: emails.receivedDate })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.emailAccountId, accountId),
        lt(emails.receivedDate, before),
        eq(emails.isOutgoing, outgoing),
      ),
    )
    .orderBy(desc(emails.receivedDate))
    .limit(1);
  return row?.receivedDate ?? null;
}

export async function findRunningSession(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(trainingSessions)
    .where(and(ownedSession(userId, accountId), eq(trainingSessions.status, 'downloading')))
    .orderBy(desc(trainingSessions.initiatedAt))
    .limit(1);
  return row;
}

export async function insertSession(
  db: Db,
  values: { userId: string; emailAccountId: string; kind: TrainingSessionKind; startDate: string; endDate: string },
): Promise<TrainingSessionRow> {
  const [row] = await db.insert(trainingSessions).values(values).returning();
  return row!;
}

export async function finishSession(
  db: Db,
  sessionId: string,
  values: { status: 'completed' | 'failed'; totalEmailsDownloaded: number; errorMessage: string | null; trainingDurationMs: number },
) {
  await db
    .update(trainingSessions)
    .set({ ...values, completedAt: new Date() })
    .where(eq(trainingSessions.id, sessionId));
}

export async function findSession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(trainingSessions)
    .where(and(eq(trainingSessions.userId, userId), eq(trainingSessions.id, sessionId)))
    .limit(1);
  return row;
}

/** Deletes one of the user's sessions; the account it belonged to, or undefined when it is not theirs. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .delete(trainingSessions)
    .where(and(eq(trainingSessions.userId, userId), eq(trainingSessions.id, sessionId)))
    .returning({ accountId: trainingSessions.emailAccountId });
  return row?.accountId;
}

export type TrainingAccountUpdate = Partial<
  Pick<
    typeof emailAccounts.$inferInsert,
    | 'trainingStatus'
    | 'trainingStartedAt'
    | 'trainingCompletedAt'
    | 'trainingDurationMs'
    | 'trainingError'
    | 'trainingEmailsDownloadedOn'
    | 'numberOfEmailsDownloaded'
    | 'analysisCompletedAt'
    | 'topicClusters'
  >
>;

export async function updateTrainingFields(db: Db, userId: string, accountId: string, values: TrainingAccountUpdate) {
  await db
    .update(emailAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
}

/**
 * Flags the account's stored mail of the range as training data (mail an earlier sync already
 * stored is training data as much as what this download adds) and answers how many emails of the
 * range are training data now. `end` is exclusive.
 */
export async function flagTrainingEmails(
  db: Db,
  scope: { userId: string; accountId: string; start: Date; end: Date; direction: 'all' | 'incoming' | 'outgoing' },
): Promise<number> {
  const { userId, accountId, start, end, direction } = scope;
  const inRange = and(
    eq(emails.userId, userId),
    eq(emails.emailAccountId, accountId),
    gte(emails.receivedDate, start),
    lt(emails.receivedDate, end),
    direction === 'all' ? undefined : eq(emails.isOutgoing, direction === 'outgoing'),
  );
  await db
    .update(emails)
    .set({ isTrainingData: true })
    .where(and(inRange, eq(emails.isTrainingData, false)));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emails)
    .where(and(inRange, eq(emails.isTrainingData, true)));
  return row?.n ?? 0;
}

/**
 * Delete All Training Emails: the account's emails flagged is_training_data go, and every counter
 * and training field is reset (the spec); the style profile and topic analysis built from them go too.
 * The counters are recounted from what remains by the caller. Answers how many emails were deleted.
 */
export async function deleteTrainingEmails(db: Db, userId: string, accountId: string): Promise<number> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const deleted = await tx
        .delete(emails)
        .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), eq(emails.isTrainingData, true)))
        .returning({ id: emails.id });
      await tx
        .update(emailAccounts)
        .set({
          trainingEmailsCount: 0,
          ...TRAINING_FIELDS_AT_START,
          updatedAt: new Date(),
        })
        .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
      return deleted.length;
    }),
  );
}

/** The mail topic analysis reads: the account's training emails, else all its mail, newest first. */
export async function loadTopicEmails(db: Db, userId: string, accountId: string, limit: number) {
  const scope = and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId));
  const [flagged] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emails)
    .where(and(scope, eq(emails.isTrainingData, true)));
  return db
    .select({
      id: emails.id,
      subject: emails.subject,
      bodyText: sql<string | null>`left(${emails.bodyText}, 20000)`,
      senderName: emails.senderName,
      senderEmail: emails.senderEmail,
      // To and Cc: with the senders, the people the topics may name.
      recipientEmails: sql<string[]>`${emails.recipientEmails} || ${emails.ccEmails}`,
      recipientNames: emails.recipientNames,
    })
    .from(emails)
    .where(and(scope, (flagged?.n ?? 0) > 0 ? eq(emails.isTrainingData, true) : undefined))
    .orderBy(desc(emails.receivedDate))
    .limit(limit);
}

/** The account's own addresses (its address and aliases): the owner is never one of the topics' people. */
export async function findOwnAddresses(db: Db, userId: string, accountId: string): Promise<string[]> {
  const [row] = await db
    .select({ emailAddress: emailAccounts.emailAddress, aliases: emailAccounts.aliases })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
  return row ? [row.emailAddress, ...row.aliases] : [];
}

export async function upsertTopicAnalysis(db: Db, values: Omit<typeof trainingAnalyses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>) {
  await db
    .insert(trainingAnalyses)
    .values(values)
    .onConflictDoUpdate({ target: trainingAnalyses.emailAccountId, set: { ...values, updatedAt: new Date() } });
}

export async function findTopicAnalysis(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(trainingAnalyses)
    .where(and(eq(trainingAnalyses.userId, userId), eq(trainingAnalyses.emailAccountId, accountId)))
    .orderBy(desc(trainingAnalyses.updatedAt))
    .limit(1);
  return row;
}

/** Emails of the account stored since a moment (a running download's progress). */
export async function countEmailsStoredSince(db: Db, userId: string, accountId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId), gte(emails.createdAt, since)));
  return row?.n ?? 0;
}
