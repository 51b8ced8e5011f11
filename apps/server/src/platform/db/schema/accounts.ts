import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';

export type EmailProvider = 'gmail' | 'exchange' | 'outlook' | 'mbox';
export type TrainingStatus = 'not_started' | 'starting' | 'downloading' | 'in_progress' | 'completed' | 'failed';
export type InitializationStatus = 'initializing' | 'completed' | 'failed';
export type InitStep = 'download' | 'contacts' | 'style' | 'done';
export type TopSender = { name: string | null; email: string; count: number };
export type StoredAliasProposal = {
  address: string;
  reason: 'sent_folder' | 'same_name' | 'similar_address';
  messages: number;
  name: string | null;
};
/** The recompute that follows a change of the aliases (a durable job); `version` is the aliases_version it computes. */
export type StoredAliasesRecompute = {
  version: number;
  status: 'queued' | 'waiting' | 'running' | 'completed' | 'failed';
  step: 'direction' | 'counters' | 'contacts' | 'style' | null;
  done: number;
  total: number;
  error: string | null;
  updatedAt: string;
};

/** One account per address and user, whatever the provider; concurrent adds of one address meet here. */
export const EMAIL_ACCOUNTS_ADDRESS_INDEX = 'email_accounts_user_id_email_address_key';

// A connected mailbox (spec "Email account"). Column names are the spec's field names.
export const emailAccounts = pgTable(
  'email_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAddress: text('email_address').notNull(),
    provider: text('provider').$type<EmailProvider>().notNull(),
    displayName: text('display_name'),
    serverUrl: text('server_url'),
    port: integer('port'),
    username: text('username'),
    // AES-256-GCM ciphertext (platform/crypto) of the IMAP password, or of the Gmail refresh token.
    // Never returned by a route.
    encryptedPassword: text('encrypted_password'),
    // Gmail: the OAuth scopes Google granted (token response); null = connected before issue 20 (read-only).
    grantedScopes: text('granted_scopes').array(),
    // The mailbox this account proved it opens (accounts/engine/mailbox-identity.ts): the IMAP server
    // and login that accepted it, or Gmail's own answer for its token; null for an imported file (and a
    // Gmail account whose profile Google did not answer). Users whose accounts share it share a mailbox.
    mailboxIdentity: text('mailbox_identity'),
    isActive: boolean('is_active').notNull().default(true),
    lastSyncAt: timestamptz('last_sync_at'),
    // User-facing mirror of mailbox_sync (the engine's own state), pushed over realtime.
    syncState: text('sync_state').notNull().default('idle'),
    lastSyncError: text('last_sync_error'),
    // The other addresses the user sends from, as the user confirmed them (lower-case): mail from
    // them is outgoing, and they are never contacts. Only the user changes them (each change bumps
    // aliases_version and queues the recompute of direction, counters, contacts and style).
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    // Addresses found in the mail that may be the user's (From of mail filed as sent, the user's
    // name, an address like the user's), refreshed after every sync; never used until confirmed.
    aliasProposals: jsonb('alias_proposals').$type<StoredAliasProposal[]>().notNull().default(sql`'[]'::jsonb`),
    // Proposals the user said are not theirs (and aliases the user removed): never proposed again.
    dismissedAliases: text('dismissed_aliases').array().notNull().default(sql`'{}'::text[]`),
    aliasesVersion: integer('aliases_version').notNull().default(0),
    aliasesRecompute: jsonb('aliases_recompute').$type<StoredAliasesRecompute>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),

    // Counters, kept true after every sync batch.
    emailsDownloadedCount: integer('emails_downloaded_count').notNull().default(0),
    trainingEmailsCount: integer('training_emails_count').notNull().default(0),
    totalEmailsCountActual: integer('total_emails_count_actual').notNull().default(0),
    incomingEmailsCount: integer('incoming_emails_count').notNull().default(0),
    outgoingEmailsCount: integer('outgoing_emails_count').notNull().default(0),
    unreadEmailsCount: integer('unread_emails_count').notNull().default(0),
    emailsWithAttachmentsCount: integer('emails_with_attachments_count').notNull().default(0),
    contactsCount: integer('contacts_count').notNull().default(0),
    // Messages stored with their headers only: over an import's size limits (parse_problem says why).
    messagesTruncated: integer('messages_truncated').notNull().default(0),
    dateRangeStart: timestamptz('date_range_start'),
    dateRangeEnd: timestamptz('date_range_end'),
    averageEmailsPerDay: real('average_emails_per_day').notNull().default(0),
    topSenders: jsonb('top_senders').$type<TopSender[]>().notNull().default(sql`'[]'::jsonb`),

    // Training.
    trainingStatus: text('training_status').$type<TrainingStatus>().notNull().default('not_started'),
    trainingStartedAt: timestamptz('training_started_at'),
    trainingCompletedAt: timestamptz('training_completed_at'),
    trainingDurationMs: integer('training_duration_ms'),
    // The spec keeps this as JSON text (a list of topic names), not jsonb.
    topicClusters: text('topic_clusters'),
    trainingError: text('training_error'),
    trainingEmailsDownloadedOn: timestamptz('training_emails_downloaded_on'),
    numberOfEmailsDownloaded: integer('number_of_emails_downloaded'),
    analysisCompletedAt: timestamptz('analysis_completed_at'),

    // Initialization pipeline (download -> contacts -> style -> done).
    initialized: boolean('initialized').notNull().default(false),
    initializationStatus: text('initialization_status').$type<InitializationStatus>(),
    lastInitStep: text('last_init_step').$type<InitStep>(),
    initializationStartedAt: timestamptz('initialization_started_at'),
    initializationCompletedAt: timestamptz('initialization_completed_at'),
    initializationError: text('initialization_error'),

    // Caps: null means the spec's default (30, 300, 1500, unlimited).
    inboxContactsPageCap: integer('inbox_contacts_page_cap'),
    inboxContactsMaxNew: integer('inbox_contacts_max_new'),
    sentStyleCap: integer('sent_style_cap'),
    maxEmailsPerDownload: integer('max_emails_per_download'),

    // Download control, checked by jobs between batches.
    stopDownload: boolean('stop_download').notNull().default(false),
    emailsDownloadStartedAt: timestamptz('emails_download_started_at'),
  },
  (t) => [
    index('email_accounts_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // lower(): every path stores the address lower-cased already; the index holds even if one forgets.
    uniqueIndex(EMAIL_ACCOUNTS_ADDRESS_INDEX).on(t.userId, sql`lower(${t.emailAddress})`),
    // The other users' accounts of one mailbox, when a draft of it is approved.
    index('email_accounts_mailbox_identity_idx').on(t.mailboxIdentity).where(sql`${t.mailboxIdentity} is not null`),
  ],
);

export type EmailAccountRow = typeof emailAccounts.$inferSelect;
export type NewEmailAccountRow = typeof emailAccounts.$inferInsert;

/** `email_account_id uuid not null references email_accounts(id) on delete cascade`. */
export const emailAccountIdColumn = () =>
  uuid('email_account_id')
    .notNull()
    .references(() => emailAccounts.id, { onDelete: 'cascade' });

/** Every training field at its start value: what Reset and Delete All Training Emails both set. */
export const TRAINING_FIELDS_AT_START = {
  trainingStatus: 'not_started',
  trainingStartedAt: null,
  trainingCompletedAt: null,
  trainingDurationMs: null,
  trainingError: null,
  trainingEmailsDownloadedOn: null,
  numberOfEmailsDownloaded: null,
  analysisCompletedAt: null,
  topicClusters: null,
} satisfies Partial<typeof emailAccounts.$inferInsert>;
