import { z } from 'zod';
import { ZEmail } from '../auth/schemas.ts';
import { INT4_MAX, ZText } from '../platform/input.ts';
import { ZAliasesRecompute, ZAliasProposal } from './aliases.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';

/** `outlook`: Microsoft 365 and Outlook.com over IMAP/SMTP with OAuth (XOAUTH2); `exchange`: any IMAP server with a password. */
export const EMAIL_PROVIDERS = ['gmail', 'exchange', 'outlook', 'mbox'] as const;
/**
 * An account's training status as every screen shows it, derived on the server from the style
 * profile, the training sessions, the initialization and the last run's outcome
 * (`training/engine/training-status.ts`; decision 016): completed once a style profile exists,
 * in_progress while a download, Train Model or the initialization's style step runs, not_started
 * while an initialization that will train is on its way, failed when the last run failed and no
 * profile exists, ready when nothing has trained the account and nothing will on its own.
 */
export const TRAINING_STATUSES = ['not_started', 'in_progress', 'completed', 'failed', 'ready'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
/** Providers whose mailbox keeps a read state per message (IMAP `\Seen`, Gmail's `UNREAD` label); a mailbox file has none. */
export const PROVIDERS_WITH_READ_STATE: readonly (typeof EMAIL_PROVIDERS)[number][] = ['gmail', 'exchange', 'outlook'];
export const INIT_STEPS = ['download', 'contacts', 'style', 'done'] as const;

const ZTimestamp = z.string().nullable();
/** A download cap: null is the default; the column is int4 and no business limit is lower. */
const ZCap = z.number().int().min(0).max(INT4_MAX).nullable();

export const ZTopSender = z.object({ name: z.string().nullable(), email: z.string(), count: z.number().int() });

/** An email account as every route answers it. Secrets (password, refresh token) are never included. */
export const ZEmailAccount = z.object({
  id: z.string(),
  emailAddress: z.string(),
  provider: z.enum(EMAIL_PROVIDERS),
  displayName: z.string().nullable(),
  serverUrl: z.string().nullable(),
  port: z.number().int().nullable(),
  username: z.string().nullable(),
  isActive: z.boolean(),
  lastSyncAt: ZTimestamp,
  syncState: z.string(),
  lastSyncError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  emailsDownloadedCount: z.number().int(),
  trainingEmailsCount: z.number().int(),
  totalEmailsCountActual: z.number().int(),
  incomingEmailsCount: z.number().int(),
  outgoingEmailsCount: z.number().int(),
  /** Unread incoming emails; null where the provider has no read state (an imported file: every message would read as unread). */
  unreadEmailsCount: z.number().int().nullable(),
  emailsWithAttachmentsCount: z.number().int(),
  /** Messages stored with their headers only: larger than an import accepts (or compressed like a zip bomb). */
  messagesTruncated: z.number().int(),
  contactsCount: z.number().int(),
  dateRangeStart: ZTimestamp,
  dateRangeEnd: ZTimestamp,
  averageEmailsPerDay: z.number(),
  topSenders: z.array(ZTopSender),
  /** The derived status (see TRAINING_STATUSES), the same one the Training screen and the dashboard show. */
  trainingStatus: z.enum(TRAINING_STATUSES),
  trainingStartedAt: ZTimestamp,
  trainingCompletedAt: ZTimestamp,
  trainingDurationMs: z.number().int().nullable(),
  /** Why training failed, with status failed; null otherwise (a failed run beside a trained profile is its session's error). */
  trainingError: z.string().nullable(),
  initialized: z.boolean(),
  initializationStatus: z.enum(['initializing', 'completed', 'failed']).nullable(),
  lastInitStep: z.enum(INIT_STEPS).nullable(),
  initializationStartedAt: ZTimestamp,
  initializationCompletedAt: ZTimestamp,
  initializationError: z.string().nullable(),
  inboxContactsPageCap: ZCap,
  inboxContactsMaxNew: ZCap,
  sentStyleCap: ZCap,
  maxEmailsPerDownload: ZCap,
  stopDownload: z.boolean(),
  emailsDownloadStartedAt: ZTimestamp,
  /** The Style Corpus card: when the style profile was last generated, or null (Pending). */
  styleProfileGeneratedAt: ZTimestamp,
  /** The other addresses the user confirmed as theirs (lower-case; the account's address is implied). */
  aliases: z.array(z.string()),
  /** Addresses Penman found that may be the user's, not confirmed or dismissed yet. */
  aliasProposals: z.array(ZAliasProposal),
  /** The recompute after the last change of the aliases; null when they never changed. */
  aliasesRecompute: ZAliasesRecompute.nullable(),
});
export type EmailAccount = z.infer<typeof ZEmailAccount>;

export const ZListAccountsResponse = z.object({ accounts: z.array(ZEmailAccount) });
export const ZAccountResponse = z.object({ account: ZEmailAccount });

/** Add an Exchange-type / any IMAP account. The server logs in before saving. */
export const ZCreateImapAccountRequest = z.object({
  provider: z.literal('exchange'),
  emailAddress: ZEmail,
  password: ZText.min(1, ACCOUNT_MESSAGES.fillAllFields).max(1024),
  username: ZText.trim().max(320).optional(),
  serverUrl: ZText.trim().max(255).optional(),
  port: z.number().int().min(1).max(65535).optional(),
});
export type CreateImapAccountRequest = z.infer<typeof ZCreateImapAccountRequest>;

export const ZUpdateAccountRequest = z
  .object({
    isActive: z.boolean(),
    displayName: ZText.trim().min(1).max(200),
    inboxContactsPageCap: ZCap,
    inboxContactsMaxNew: ZCap,
    sentStyleCap: ZCap,
    maxEmailsPerDownload: ZCap,
  })
  .partial();
export type UpdateAccountRequest = z.infer<typeof ZUpdateAccountRequest>;

export const ZDeleteAccountRequest = z.object({ confirmation: z.literal(ACCOUNT_MESSAGES.deleteConfirmation) });

/** Answer of initialize / retry (spec: message and error). */
export const ZAccountActionResponse = z.object({ message: z.string(), account: ZEmailAccount });

/** The download counter polled every 3 s. */
export const ZDownloadProgressResponse = z.object({
  count: z.number().int(),
  lastSyncAt: ZTimestamp,
  syncState: z.string(),
  lastSyncError: z.string().nullable(),
});
export type InitStep = (typeof INIT_STEPS)[number];

/** New credentials for an IMAP account whose server refused the saved ones. */
export const ZUpdateCredentialsRequest = z.object({
  password: ZText.min(1, ACCOUNT_MESSAGES.fillAllFields).max(1024),
  username: ZText.trim().max(320).optional(),
});
export type UpdateCredentialsRequest = z.infer<typeof ZUpdateCredentialsRequest>;
