import {
  calendarDate,
  defaultDownloadRange,
  downloadRangeProblem,
  MIN_DOWNLOAD_RANGE_MONTHS,
  TRAINING_HISTORY_SIZE,
  TRAINING_LABELS,
  TRAINING_MESSAGES,
  type TrainingAnalysis,
  type TrainingOverview,
  type TrainingSession,
} from '@penman/contract';
import { rebuildContacts } from '../contacts/service.ts';
import type { Deps } from '../deps.ts';
import { recalculateAccountStatistics, runSync, type SyncOptions, type SyncRunDeps } from '../mail/service.ts';
import type { Db } from '../platform/db/client.ts';
import type { TrainingSessionKind, TrainingSessionRow } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { logger } from '../platform/logger.ts';
import { publishEvent } from '../platform/realtime.ts';
import { analyzeCommunicationStyle, DEFAULT_SENT_STYLE_CAP, pruneOutgoingEmails, type StyleAnalysis } from '../style/service.ts';
import { getProfileNames } from '../users/service.ts';
import { analyzeTopics, emailsPerTheme } from './engine/topic-analysis.ts';
import { deriveTrainingStatus } from './engine/training-status.ts';
import { trainingSessionJob } from './jobs.ts';
import * as repo from './repo.ts';

/**
 * The account's one training status (`engine/training-status.ts`), from its row, whether it has a
 * style profile and whether a download session runs: what the account list (Email Accounts, the
 * dashboard's banner) and the Training screen all show.
 */
export { deriveTrainingStatus };

type AccountScope = { db: Db; userId: string; accountId: string };

/** Default caps of the inbox-only run (spec: 30 inbox pages); one page is one download batch of 100. */
const DEFAULT_INBOX_PAGE_CAP = 30;
const INBOX_PAGE_SIZE = 100;
/** The topic analysis reads at most this many emails (newest first). */
const TOPIC_ANALYSIS_LIMIT = 10_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const DAY_MS = 86_400_000;

function toSession(row: TrainingSessionRow): TrainingSession {
  return {
    id: row.id,
    emailAccountId: row.emailAccountId,
    kind: row.kind,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    initiatedAt: row.initiatedAt.toISOString(),
    completedAt: iso(row.completedAt),
    totalEmailsDownloaded: row.totalEmailsDownloaded,
    trainingDurationMs: row.trainingDurationMs,
    errorMessage: row.errorMessage,
  };
}

async function requireAccount({ db, userId, accountId }: AccountScope) {
  const account = await repo.findTrainingAccount(db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Email account not found');
  return account;
}

async function notify(db: Db, userId: string, accountId: string) {
  await publishEvent(db, userId, { type: 'training.changed', data: { id: accountId } });
  await publishEvent(db, userId, { type: 'account.updated', data: { id: accountId } });
}

/** A running session counts the mail stored since it started, so the progress box moves during the download. */
async function withLiveCount(scope: AccountScope, session: TrainingSessionRow): Promise<TrainingSession> {
  if (session.status !== 'downloading') return toSession(session);
  const stored = await repo.countEmailsStoredSince(scope.db, scope.userId, scope.accountId, session.initiatedAt);
  return { ...toSession(session), totalEmailsDownloaded: stored };
}

/** The Training screen of one account: details panel, download progress, analysis state and the range to offer. */
export async function getTrainingOverview(scope: AccountScope & Pick<Deps, 'clock'>): Promise<TrainingOverview> {
  const { db, userId, accountId } = scope;
  const account = await requireAccount(scope);
  const running = await repo.findRunningSession(db, userId, accountId);
  const [last] = await repo.listSessions(db, userId, accountId, 1);
  const latest = running ?? last;
  const { status, error } = deriveTrainingStatus({
    storedStatus: account.trainingStatus,
    storedError: account.trainingError,
    hasProfile: account.analysisDate !== null,
    sessionRunning: running !== undefined,
    initializationStatus: account.initializationStatus,
    lastInitStep: account.lastInitStep,
  });
  const now = scope.clock.now();
  // Mail up to the end of today; a direction the counters say is empty is not looked for.
  const before = new Date(Date.parse(calendarDate(now)) + DAY_MS);
  const newestOf = async (outgoing: boolean, count: number) =>
    count > 0 ? repo.findNewestMailDate(db, { userId, accountId, before, outgoing }) : null;
  const newest = [await newestOf(false, account.incomingEmailsCount), await newestOf(true, account.outgoingEmailsCount)];
  return {
    emailAccountId: account.id,
    outgoingEmailsCount: account.outgoingEmailsCount,
    incomingEmailsCount: account.incomingEmailsCount,
    totalEmailsCountActual: account.totalEmailsCountActual,
    trainingEmailsCount: account.trainingEmailsCount,
    lastSyncAt: iso(account.lastSyncAt),
    trainingStatus: status,
    trainingError: error,
    trainingStartedAt: iso(account.trainingStartedAt),
    trainingCompletedAt: iso(account.trainingCompletedAt),
    trainingEmailsDownloadedOn: iso(account.trainingEmailsDownloadedOn),
    lastStartDate: last?.startDate ?? null,
    lastEndDate: last?.endDate ?? null,
    defaultRange: defaultDownloadRange({
      today: calendarDate(now),
      lastRangeWithMail: await repo.findLastSessionWithMail(db, userId, accountId),
      newestMailDates: newest.flatMap((date) => (date ? [calendarDate(date)] : [])),
      minMonths: MIN_DOWNLOAD_RANGE_MONTHS,
    }),
    latestSession: latest ? await withLiveCount(scope, latest) : null,
    analysis: account.analysisDate
      ? {
          analysisDate: account.analysisDate.toISOString(),
          sampleSize: account.sampleSize ?? 0,
          totalEmailsAvailable: account.totalEmailsAvailable ?? 0,
          emailsAnalyzed: account.emailsAnalyzed ?? 0,
        }
      : null,
  };
}

/** The 5 most recent sessions, newest first. */
export async function listTrainingSessions(scope: AccountScope): Promise<TrainingSession[]> {
  await requireAccount(scope);
  return (await repo.listSessions(scope.db, scope.userId, scope.accountId, TRAINING_HISTORY_SIZE)).map(toSession);
}

export async function deleteTrainingSession({ db, userId, sessionId }: { db: Db; userId: string; sessionId: string }) {
  const accountId = await repo.deleteSession(db, userId, sessionId);
  if (!accountId) throw new AppError('NOT_FOUND', 'Training session not found');
  await notify(db, userId, accountId);
}

type SessionJobPayload = { userId: string; accountId: string; sessionId: string };

/**
 * Starts a training download (kind 'training', training-download-emails) or one of the two
 * download-exchange-emails runs: inbox only for contacts, sent only for the style corpus. The
 * download runs as a durable job; its session records progress and the outcome.
 */
export async function startTrainingRun(
  deps: AccountScope & Pick<Deps, 'queue' | 'clock'>,
  request: { kind: TrainingSessionKind; startDate: string; endDate: string },
): Promise<{ message: string; session: TrainingSession }> {
  const { db, userId, accountId } = deps;
  const account = await requireAccount(deps);
  const problem = downloadRangeProblem(
    request.startDate,
    request.endDate,
    calendarDate(deps.clock.now()),
    request.kind === 'training' ? MIN_DOWNLOAD_RANGE_MONTHS : 0,
  );
  if (problem === 'too_short') throw new AppError('VALIDATION', TRAINING_MESSAGES.invalidRange);
  if (problem === 'start_after_end') throw new AppError('VALIDATION', TRAINING_LABELS.startAfterEnd);
  if (problem === 'end_after_today') throw new AppError('VALIDATION', TRAINING_LABELS.endInFuture);
  if (request.kind === 'training' && account.trainingEmailsCount > 0) {
    throw new AppError('CONFLICT', 'This account already has training emails. Delete them to download again.');
  }
  if (await repo.findRunningSession(db, userId, accountId)) {
    throw new AppError('CONFLICT', 'A download is already running for this account.');
  }
  const session = await repo.insertSession(db, { userId, emailAccountId: accountId, ...request });
  await repo.updateTrainingFields(db, userId, accountId, {
    trainingStatus: 'downloading',
    trainingStartedAt: deps.clock.now(),
    trainingError: null,
  });
  await deps.queue.enqueue(trainingSessionJob, { userId, accountId, sessionId: session.id });
  await notify(db, userId, accountId);
  return { message: TRAINING_MESSAGES.downloadStarted, session: toSession(session) };
}

function syncOptionsFor(session: TrainingSessionRow, account: repo.TrainingAccount): SyncOptions {
  const since = new Date(`${session.startDate}T00:00:00Z`);
  // The end date is included: download up to the start of the next day.
  const before = new Date(Date.parse(`${session.endDate}T00:00:00Z`) + 86_400_000);
  // The range's mail is flagged as training data after the download, by its Date (flagTrainingEmails):
  // a server may list mail by its own arrival date, and what it lists outside the range by Date
  // is stored, not counted as training data the session never found.
  const base = { since, before, markTrainingData: false, source: 'training' as const };
  if (session.kind === 'inbox_contacts') {
    const pages = account.inboxContactsPageCap ?? DEFAULT_INBOX_PAGE_CAP;
    const limit = Math.min(pages * INBOX_PAGE_SIZE, account.maxEmailsPerDownload ?? Number.POSITIVE_INFINITY);
    return { ...base, folders: 'inbox', limit };
  }
  if (session.kind === 'sent_style') {
    const cap = account.sentStyleCap ?? DEFAULT_SENT_STYLE_CAP;
    return { ...base, folders: 'sent', limit: Math.min(cap, account.maxEmailsPerDownload ?? Number.POSITIVE_INFINITY) };
  }
  return base;
}

/**
 * The job of one session: download the range, flag the range's mail as training data, then the
 * run's follow-up (contacts for the inbox run, the style profile for the sent run). Ends the
 * session completed or failed; 'No emails found for training' fails the account's training.
 */
export async function runTrainingSession(deps: SyncRunDeps, { userId, accountId, sessionId }: SessionJobPayload) {
  const { db } = deps;
  const session = await repo.findSession(db, userId, sessionId);
  const account = await repo.findTrainingAccount(db, userId, accountId);
  if (!session || !account || session.status !== 'downloading') return;
  const startedAt = Date.now();
  const options = syncOptionsFor(session, account);
  let error: string | null = null;
  let found = 0;
  try {
    const result = await runSync(deps, { userId, accountId, options });
    if (result.status === 'failed') error = result.error ?? TRAINING_MESSAGES.unknownError;
    else {
      found = await repo.flagTrainingEmails(db, {
        userId,
        accountId,
        start: options.since!,
        end: options.before!,
        direction: options.folders === 'inbox' ? 'incoming' : options.folders === 'sent' ? 'outgoing' : 'all',
      });
      await recalculateAccountStatistics({ db, userId, accountId });
      if (found === 0) error = TRAINING_MESSAGES.noEmailsFound;
      else if (session.kind === 'inbox_contacts') await rebuildContacts({ db, userId, accountId });
      else if (session.kind === 'sent_style')
        await analyzeCommunicationStyle({ db, userId, accountId }, TRAINING_MESSAGES.noTrainingEmails);
    }
  } catch (caught) {
    logger.error({ err: caught, accountId, sessionId }, 'training run failed');
    error = caught instanceof AppError ? caught.message : TRAINING_MESSAGES.unknownError;
  }
  const duration = Date.now() - startedAt;
  await repo.finishSession(db, sessionId, {
    status: error ? 'failed' : 'completed',
    totalEmailsDownloaded: found,
    errorMessage: error,
    trainingDurationMs: duration,
  });
  await repo.updateTrainingFields(
    db,
    userId,
    accountId,
    error
      ? await failedRunFields(db, userId, accountId, error)
      : { trainingStatus: 'completed', trainingError: null, trainingEmailsDownloadedOn: new Date(), numberOfEmailsDownloaded: found },
  );
  await notify(db, userId, accountId);
}

/**
 * What a failed run writes on the account. The spec fails the account's training ('No emails found
 * for training' shows 'Training Failed'), but a trained style profile is still the model Penman
 * drafts with: beside one, the run's session keeps the error and the account stays completed.
 */
async function failedRunFields(db: Db, userId: string, accountId: string, error: string): Promise<repo.TrainingAccountUpdate> {
  const account = await repo.findTrainingAccount(db, userId, accountId);
  return account?.analysisDate ? { trainingStatus: 'completed', trainingError: null } : { trainingStatus: 'failed', trainingError: error };
}

/** Delete All Training Emails; the counters are then recounted from the mail that remains. */
export async function deleteTrainingEmails(scope: AccountScope): Promise<number> {
  await requireAccount(scope);
  const deleted = await repo.deleteTrainingEmails(scope.db, scope.userId, scope.accountId);
  await recalculateAccountStatistics(scope);
  await notify(scope.db, scope.userId, scope.accountId);
  return deleted;
}

/** prune-outgoing-emails, then the counters recounted. */
export async function pruneOutgoing(scope: AccountScope): Promise<{ message: string; emailsDeleted: number }> {
  const emailsDeleted = await pruneOutgoingEmails(scope, `${TRAINING_MESSAGES.noOutgoingTitle}: ${TRAINING_MESSAGES.noOutgoing}`);
  await recalculateAccountStatistics(scope);
  await notify(scope.db, scope.userId, scope.accountId);
  return {
    message: `${TRAINING_MESSAGES.emailsPruned}: ${emailsDeleted} ${emailsDeleted === 1 ? 'email' : 'emails'} removed`,
    emailsDeleted,
  };
}

/**
 * Train Model: the communication-style profile from the sent mail, then the topic analysis of the
 * training mail, with the account's training status in_progress -> completed (or failed).
 */
export async function trainModel(scope: AccountScope): Promise<StyleAnalysis> {
  const { db, userId, accountId } = scope;
  await requireAccount(scope);
  const startedAt = new Date();
  await repo.updateTrainingFields(db, userId, accountId, {
    trainingStatus: 'in_progress',
    trainingStartedAt: startedAt,
    trainingError: null,
  });
  await notify(db, userId, accountId);
  try {
    const analysis = await analyzeCommunicationStyle(scope, TRAINING_MESSAGES.noTrainingEmails);
    await runTopicAnalysis(scope);
    const completedAt = new Date();
    await repo.updateTrainingFields(db, userId, accountId, {
      trainingStatus: 'completed',
      trainingCompletedAt: completedAt,
      analysisCompletedAt: completedAt,
      trainingDurationMs: completedAt.getTime() - startedAt.getTime(),
    });
    await notify(db, userId, accountId);
    return analysis;
  } catch (error) {
    const message = error instanceof AppError ? error.message : TRAINING_MESSAGES.unexpectedError;
    await repo.updateTrainingFields(db, userId, accountId, await failedRunFields(db, userId, accountId, message));
    await notify(db, userId, accountId);
    throw error;
  }
}

/** The topic analysis of the account's training mail (all its mail without any), upserted; also the account's topic_clusters. */
export async function runTopicAnalysis(scope: AccountScope): Promise<void> {
  const { db, userId, accountId } = scope;
  const [mail, ownAddresses, profile] = await Promise.all([
    repo.loadTopicEmails(db, userId, accountId, TOPIC_ANALYSIS_LIMIT),
    repo.findOwnAddresses(db, userId, accountId),
    getProfileNames({ db, userId }),
  ]);
  const ownerName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  const summary = analyzeTopics(mail, { names: ownerName ? [ownerName] : [], addresses: ownAddresses });
  await repo.upsertTopicAnalysis(db, {
    userId,
    emailAccountId: accountId,
    totalEmails: summary.totalEmails,
    themes: summary.themes,
    urgencyDistribution: summary.urgencyDistribution,
    averageSentiment: summary.averageSentiment,
    actionRequiredCount: summary.actionRequiredCount,
    questionsCount: summary.questionsCount,
    topEntities: summary.topEntities,
    emailAnalyses: summary.emailAnalyses.map((e) => ({
      email_id: e.emailId,
      primary_theme: e.primaryTheme,
      secondary_themes: e.secondaryThemes,
      urgency_level: e.urgencyLevel,
      sentiment_score: e.sentimentScore,
      key_entities: e.keyEntities,
      action_required: e.actionRequired,
      question_present: e.questionPresent,
    })),
  });
  // The spec keeps topic_clusters as JSON text: the themes, most frequent first.
  const topics = Object.entries(summary.themes)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([theme]) => theme);
  await repo.updateTrainingFields(db, userId, accountId, { topicClusters: JSON.stringify(topics) });
}

export async function getTopicAnalysis(scope: AccountScope): Promise<TrainingAnalysis | null> {
  await requireAccount(scope);
  const row = await repo.findTopicAnalysis(scope.db, scope.userId, scope.accountId);
  if (!row) return null;
  return {
    emailAccountId: row.emailAccountId,
    totalEmails: row.totalEmails,
    themes: row.themes as Record<string, number>,
    themeEmails: emailsPerTheme(row.themes as Record<string, number>),
    urgencyDistribution: row.urgencyDistribution as Record<string, number>,
    averageSentiment: row.averageSentiment,
    actionRequiredCount: row.actionRequiredCount,
    questionsCount: row.questionsCount,
    topEntities: row.topEntities as TrainingAnalysis['topEntities'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The initialization pipeline's style step ('Generate Style Corpus'): the style profile when the
 * account has sent mail (an inbox-only mailbox still initializes), and the topic analysis.
 */
export async function generateStyleCorpus(scope: AccountScope): Promise<void> {
  const account = await requireAccount(scope);
  if (account.outgoingEmailsCount > 0) await analyzeCommunicationStyle(scope, TRAINING_MESSAGES.noTrainingEmails);
  await runTopicAnalysis(scope);
  await notify(scope.db, scope.userId, scope.accountId);
}
