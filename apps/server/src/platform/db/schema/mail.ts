import { type SQL, sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, timestamptz, toastPaddingColumn, tsvector, updatedAtColumn, userIdColumn } from './columns.ts';

/** A few headers the engines need (automated-sender detection), keyed in camelCase. */
export type EmailHeaders = {
  listUnsubscribe?: string;
  listId?: string;
  precedence?: string;
  autoSubmitted?: string;
  xAutoResponseSuppress?: string;
  returnPath?: string;
  replyTo?: string;
};

// One row per message per account. Identity is `message_key` (see below), so re-syncs, retried
// batches and the same message seen in two folders never duplicate a row.
// Storage (migration 0004_emails_narrow_heap, not expressible here): toast_tuple_target = 128 and
// every short text/array/jsonb column STORAGE MAIN, so a toasted row keeps only its short columns
// inline and body_text and body_html go out of line: a narrower heap for the searches'
// exact counts, which visit every matching row (docs/decisions/010). `toast_padding` makes every
// row a toasted one, short mail included (docs/decisions/012).
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    // Message identity within the account: the Message-ID without angle brackets and surrounding
    // whitespace (case kept), or 'sha256:<hex of the raw message>' when there is no Message-ID.
    messageKey: text('message_key').notNull(),
    messageId: text('message_id'),
    threadId: text('thread_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    // Where the message came from: 'folder:uidvalidity:uid' for IMAP, the Gmail message id,
    // or 'mbox:<byte offset>' for imports.
    providerUid: text('provider_uid'),
    subject: text('subject'),
    senderEmail: text('sender_email'),
    senderName: text('sender_name'),
    recipientEmails: text('recipient_emails').array().notNull().default(sql`'{}'::text[]`),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    // Display names of the To and Cc recipients that have one, by lower-cased address: contacts
    // are named from every header, not only From. Short, so STORAGE MAIN like the other address
    // columns (migration, by hand).
    recipientNames: jsonb('recipient_names').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    receivedDate: timestamptz('received_date'),
    // The message has no usable Date header: received_date is the server's date (IMAP INTERNALDATE,
    // Gmail's internal date) or the mbox separator's, and the mail view says "date unknown".
    dateUnknown: boolean('date_unknown').notNull().default(false),
    folderName: text('folder_name'),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    isOutgoing: boolean('is_outgoing').notNull().default(false),
    isTrainingData: boolean('is_training_data').notNull().default(false),
    isRead: boolean('is_read').notNull().default(false),
    // bigint: an imported message may be 2 GiB or more (it is then stored from its header block).
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    // sha256 of the raw message; also lets prune find exact duplicates with different Message-IDs.
    contentHash: text('content_hash'),
    // Set when MIME parsing failed or was partial, or a part was decoded other than declared: one
    // problem a line (`Body not stored: ` first when it applies). The row keeps what could be read.
    parseProblem: text('parse_problem'),
    headers: jsonb('headers').$type<EmailHeaders>().notNull().default(sql`'{}'::jsonb`),
    // The spec's case-insensitive substring search over subject, sender name and sender email
    // (`search_text LIKE '%' || lower(q) || '%'`, trigram-indexed). Fields are newline-separated
    // so a one-line query cannot match across two fields.
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(left(coalesce("subject", ''), 2000) || chr(10) || coalesce("sender_name", '') || chr(10) || coalesce("sender_email", ''))`,
    ),
    toastPadding: toastPaddingColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('emails_account_message_key_uq').on(t.emailAccountId, t.messageKey),
    // The Emails list pages newest first with `id` breaking ties: with `id` in the index, choosing a
    // page (even a deep one) and the exact count are index-only scans, for all mail or one account.
    index('emails_user_received_id_idx').on(t.userId, t.receivedDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('emails_user_account_received_id_idx').on(
      t.userId,
      t.emailAccountId,
      t.receivedDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('emails_account_received_idx').on(t.emailAccountId, t.receivedDate.desc().nullsFirst()),
    index('emails_account_outgoing_idx').on(t.emailAccountId, t.isOutgoing),
    index('emails_account_message_id_idx').on(t.emailAccountId, t.messageId),
    index('emails_account_thread_idx').on(t.emailAccountId, t.threadId),
    index('emails_account_provider_uid_idx').on(t.emailAccountId, t.providerUid),
    index('emails_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

// The full-text search of the Emails list, one row per email, written by the search indexer
// (mail/search-index.ts) after the mail is stored rather than at insert, so a download does not
// wait for PostgreSQL's text parser, and insert-only, so indexing never rewrites (and bloats) the
// emails heap. A narrow heap of its own also makes counting a broad search visit fewer pages.
// `search_text` and `received_date` are copies (neither ever changes) so the body-only matches are
// counted and ordered here alone. Storage (migration 0005, not expressible here): toast_tuple_target
// = 128 with user_id and search_text STORAGE MAIN, as for emails. See docs/decisions/012.
export const emailSearch = pgTable(
  'email_search',
  {
    emailId: uuid('email_id')
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    // Copies of the email's owner and account (for scoping); the email's own cascade removes the row.
    userId: text('user_id').notNull(),
    emailAccountId: uuid('email_account_id').notNull(),
    receivedDate: timestamptz('received_date'),
    searchText: text('search_text').notNull(),
    // Subject (weight A), sender (B) and body (D), 'simple' configuration: no stemming, any language.
    search: tsvector('search').notNull(),
    toastPadding: toastPaddingColumn(),
  },
  (t) => [index('email_search_search_idx').using('gin', t.search)],
);

// How many of an account's indexed emails (email_search rows) contain each word of the vectors, so
// the total of a one-word search is a lookup, not a count of every match (a common word matches
// tens of thousands of emails). Word '' holds the account's number of indexed emails. Kept exact by
// statement triggers on email_search (migration 0006, not expressible here): whatever adds or
// removes a search row, in the same transaction. See docs/decisions/014.
export const emailWordCounts = pgTable(
  'email_word_counts',
  {
    emailAccountId: emailAccountIdColumn(),
    word: text('word').notNull(),
    emails: integer('emails').notNull(),
  },
  (t) => [primaryKey({ columns: [t.emailAccountId, t.word] })],
);

// Emails waiting for the search indexer: a row per stored email, added by a trigger on emails
// (migration 0005) whatever stored the mail, removed when the indexer has written its search row.
export const emailSearchQueue = pgTable('email_search_queue', {
  emailId: uuid('email_id').primaryKey(),
});

export type EmailRow = typeof emails.$inferSelect;
export type NewEmailRow = typeof emails.$inferInsert;

// MIME attachments recorded from downloaded messages (name, type, size); content is not stored.
export const emailMessageAttachments = pgTable(
  'email_message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    filename: text('filename'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    contentId: text('content_id'),
    // 'attachment' or 'inline'.
    disposition: text('disposition'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('email_message_attachments_email_idx').on(t.emailId),
    index('email_message_attachments_account_idx').on(t.emailAccountId),
    index('email_message_attachments_user_idx').on(t.userId),
  ],
);

export type EmailMessageAttachmentRow = typeof emailMessageAttachments.$inferSelect;

// Per-folder sync cursors. A changed uidvalidity means: re-list the folder (message_key keeps
// already-stored mail from duplicating).
export const mailFolders = pgTable(
  'mail_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    path: text('path').notNull(),
    // IMAP special-use flag ('\\Inbox', '\\Sent', ...) or the Gmail label id for system labels.
    specialUse: text('special_use'),
    uidvalidity: bigint('uidvalidity', { mode: 'number' }),
    // UIDNEXT from the last STATUS: unchanged UIDNEXT + MESSAGES + MODSEQ means skip the folder.
    uidNext: bigint('uid_next', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }),
    // 64-bit unsigned, beyond JS safe integers: kept as text.
    highestModseq: text('highest_modseq'),
    gmailHistoryId: text('gmail_history_id'),
    messageCount: integer('message_count'),
    lastSyncedAt: timestamptz('last_synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('mail_folders_account_path_uq').on(t.emailAccountId, t.path), index('mail_folders_user_idx').on(t.userId)],
);

export type MailFolderRow = typeof mailFolders.$inferSelect;

export type MailboxSyncStatus = 'idle' | 'queued' | 'running' | 'completed' | 'failed' | 'stopped';

// The sync engine's state for one account (stage, status, cursor, failures). Jobs read it first
// and exit early when the stage does not match; all state lives here, not in memory.
export const mailboxSync = pgTable(
  'mailbox_sync',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn().unique(),
    lastSyncAt: timestamptz('last_sync_at'),
    stage: text('stage').notNull().default('idle'),
    status: text('status').$type<MailboxSyncStatus>().notNull().default('idle'),
    failureCount: integer('failure_count').notNull().default(0),
    lastError: text('last_error'),
    // Connector error code of the last failure: AUTH, RATE_LIMIT, TEMPORARY, NOT_FOUND, CURSOR_INVALID.
    lastErrorCode: text('last_error_code'),
    // Account-level resume point (e.g. current folder and phase); folder cursors are in mail_folders.
    cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    // Set by throttling/backoff: the scheduler does not start a sync before this time.
    nextSyncAt: timestamptz('next_sync_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('mailbox_sync_user_idx').on(t.userId)],
);

export type MailboxSyncRow = typeof mailboxSync.$inferSelect;
