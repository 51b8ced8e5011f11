import { z } from 'zod';
import { TRAINING_STATUSES } from '../accounts/schemas.ts';

/** Sessions shown in the training history (spec part 2 section 9). */
export const TRAINING_HISTORY_SIZE = 5;
/** Fewer training emails than this shows the low-data warning. */
export const LOW_DATA_THRESHOLD = 50;
/** The shortest download range, in months (by month difference). */
export const MIN_DOWNLOAD_RANGE_MONTHS = 3;
export const TRAINING_PROGRESS_POLL_MS = 5000;
export const TRAINING_COMPLETION_CHECK_MS = 2000;
export const TRAINING_HISTORY_REFRESH_MS = 10_000;

export const TRAINING_SESSION_STATUSES = ['downloading', 'completed', 'failed'] as const;
/** Which run: the full training download, Build Inbox Contacts, or Generate Sent Style Corpus. */
export const TRAINING_SESSION_KINDS = ['training', 'inbox_contacts', 'sent_style'] as const;

/** A calendar date, 'YYYY-MM-DD'. */
export const ZCalendarDate = z.iso.date();

export const ZTrainingSession = z.object({
  id: z.string(),
  emailAccountId: z.string(),
  kind: z.enum(TRAINING_SESSION_KINDS),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(TRAINING_SESSION_STATUSES),
  initiatedAt: z.string(),
  completedAt: z.string().nullable(),
  totalEmailsDownloaded: z.number().int(),
  trainingDurationMs: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});
export type TrainingSession = z.infer<typeof ZTrainingSession>;

/** The 5 most recent sessions of the account, newest first. */
export const ZTrainingSessionsResponse = z.object({ sessions: z.array(ZTrainingSession) });

/**
 * Everything the Training screen shows for one account: the Training Data Details panel, the
 * download progress (the running or last session) and whether a style analysis exists.
 */
export const ZTrainingOverview = z.object({
  emailAccountId: z.string(),
  /** Training Emails Available: the outgoing count. */
  outgoingEmailsCount: z.number().int(),
  incomingEmailsCount: z.number().int(),
  totalEmailsCountActual: z.number().int(),
  /** Emails flagged is_training_data (what Delete All Training Emails removes). */
  trainingEmailsCount: z.number().int(),
  lastSyncAt: z.string().nullable(),
  /** The derived status, the same one the account list answers (see TRAINING_STATUSES). */
  trainingStatus: z.enum(TRAINING_STATUSES),
  /** Why training failed, with status failed; null otherwise. */
  trainingError: z.string().nullable(),
  trainingStartedAt: z.string().nullable(),
  trainingCompletedAt: z.string().nullable(),
  /** When a training download last completed (new training data after the last analysis lets Train Model run again). */
  trainingEmailsDownloadedOn: z.string().nullable(),
  /** The last session's range, or null without history. */
  lastStartDate: z.string().nullable(),
  lastEndDate: z.string().nullable(),
  /**
   * The range the date inputs start with: the last session's when it found mail, else the newest 3
   * months that hold mail (ending on the newest email's day, today at the latest), else the last 3
   * months up to today (no mail stored yet).
   */
  defaultRange: z.object({ startDate: ZCalendarDate, endDate: ZCalendarDate }),
  /** The running session, else the most recent one (Download in Progress: status, count, error). */
  latestSession: ZTrainingSession.nullable(),
  /** The style analysis, when one exists; its figures are TRAINING_FIGURES' sampleSize, totalEmailsAvailable and emailsAnalyzed. */
  analysis: z
    .object({
      analysisDate: z.string(),
      sampleSize: z.number().int(),
      totalEmailsAvailable: z.number().int(),
      emailsAnalyzed: z.number().int(),
    })
    .nullable(),
});
export type TrainingOverview = z.infer<typeof ZTrainingOverview>;

export const ZTrainingOverviewResponse = z.object({ overview: ZTrainingOverview });

/** training-download-emails. The range rules (start <= end <= today, at least 3 months) are checked on the server too. */
export const ZTrainingDownloadRequest = z.object({ startDate: ZCalendarDate, endDate: ZCalendarDate });
export type TrainingDownloadRequest = z.infer<typeof ZTrainingDownloadRequest>;

/** download-exchange-emails: Build Inbox Contacts (contactsOnlyInbox) or Generate Sent Style Corpus (styleOnlySent). */
export const ZTrainingRunRequest = z.object({
  contactsOnlyInbox: z.boolean().default(false),
  styleOnlySent: z.boolean().default(false),
  startDate: ZCalendarDate,
  endDate: ZCalendarDate,
});
export type TrainingRunRequest = z.input<typeof ZTrainingRunRequest>;

export const ZTrainingRunResponse = z.object({ message: z.string(), session: ZTrainingSession });

export const ZDeleteTrainingEmailsResponse = z.object({ emailsDeleted: z.number().int() });

/** prune-outgoing-emails. */
export const ZPruneOutgoingResponse = z.object({ message: z.string(), emailsDeleted: z.number().int() });

/** One email of the topic analysis (spec "Training analysis" email_analyses). */
export const ZEmailTopicAnalysis = z.object({
  emailId: z.string(),
  primaryTheme: z.string(),
  secondaryThemes: z.array(z.string()),
  urgencyLevel: z.number().int().min(1).max(5),
  sentimentScore: z.number(),
  keyEntities: z.array(z.string()),
  actionRequired: z.boolean(),
  questionPresent: z.boolean(),
});

export const ZTrainingAnalysis = z.object({
  emailAccountId: z.string(),
  totalEmails: z.number().int(),
  /** Theme -> weight (primary 1, secondary 0.5): the spec's figure, for ranking; never shown as a count. */
  themes: z.record(z.string(), z.number()),
  /** Theme -> emails that have it, as their main or a secondary theme (what the screen shows). */
  themeEmails: z.record(z.string(), z.number().int()),
  /** Urgency level '1'..'5' -> emails. */
  urgencyDistribution: z.record(z.string(), z.number()),
  averageSentiment: z.number(),
  actionRequiredCount: z.number().int(),
  questionsCount: z.number().int(),
  topEntities: z.object({ people: z.array(z.string()), products: z.array(z.string()), departments: z.array(z.string()) }),
  updatedAt: z.string(),
});
export type TrainingAnalysis = z.infer<typeof ZTrainingAnalysis>;

export const ZTrainingAnalysisResponse = z.object({ analysis: ZTrainingAnalysis.nullable() });
