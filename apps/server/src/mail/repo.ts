import { TOP_SENDERS_LIMIT } from '@penman/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { type EmailHeaders, emailAccounts, mailboxSync, mailFolders } from '../platform/db/schema/index.ts';
import { BODY_NOT_STORED, type FolderCursor } from './connectors/types.ts';
import { proposeAliases } from './engine/owner-addresses.ts';
import type { ParsedAttachment } from './engine/parse-message.ts';

/** What a sync (and the new-mail watcher) reads of an account. */
const syncAccountColumns = {
  id: emailAccounts.id,
  userId: emailAccounts.userId,
  emailAddress: emailAccounts.emailAddress,
  provider: emailAccounts.provider,
  serverUrl: emailAccounts.serverUrl,
  port: emailAccounts.port,
  username: emailAccounts.username,
  encryptedPassword: emailAccounts.encryptedPassword,
  isActive: emailAccounts.isActive,
  aliases: emailAccounts.aliases,
  stopDownload: emailAccounts.stopDownload,
  initializationStatus: emailAccounts.initializationStatus,
  maxEmailsPerDownload: emailAccounts.maxEmailsPerDownload,
};

/** The account fields the sync engine needs; scoped by user. */
export async function findSyncAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select(syncAccountColumns)
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row;
}

export type SyncAccount = NonNullable<Awaited<ReturnType<typeof findSyncAccount>>>;

export async function findFolderCursor(db: Db, accountId: string, path: string): Promise<FolderCursor | undefined> {
  const [row] = await db
    .select()
    .from(mailFolders)
    .where(and(eq(mailFolders.emailAccountId, accountId), eq(mailFolders.path, path)))
    .limit(1);
  if (!row) return undefined;
  const cursor: FolderCursor = {};
  if (row.uidvalidity != null) cursor.validity = String(row.uidvalidity);
  if (row.lastUid != null) cursor.lastId = String(row.lastUid);
  if (row.uidNext != null) cursor.uidNext = String(row.uidNext);
  if (row.messageCount != null) cursor.messageCount = row.messageCount;
  if (row.highestModseq != null) cursor.modseq = row.highestModseq;
  return cursor;
}

type Executor = Pick<Db, 'insert' | 'update' | 'execute' | 'select'>;

export async function saveFolderCursor(
  db: Executor,
  account: { id: string; userId: string },
  folder: { path: string; specialUse: string | null },
  cursor: FolderCursor,
) {
  const values = {
    specialUse: folder.specialUse,
    uidvalidity: cursor.validity != null ? Number(cursor.validity) : null,
    lastUid: cursor.lastId != null ? Number(cursor.lastId) : null,
    uidNext: cursor.uidNext != null ? Number(cursor.uidNext) : null,
    messageCount: cursor.messageCount ?? null,
    highestModseq: cursor.modseq ?? null,
    lastSyncedAt: new Date(),
  };
  await db
    .insert(mailFolders)
    .values({ userId: account.userId, emailAccountId: account.id, path: folder.path, ...values })
    .onConflictDoUpdate({ target: [mailFolders.emailAccountId, mailFolders.path], set: { ...values, updatedAt: new Date() } });
}

/** One downloaded message as the sync stores it (an `emails` row and its attachments). */
export type EmailToStore = {
  userId: string;
  emailAccountId: string;
  messageKey: string;
  messageId: string | null;
  threadId: string;
  inReplyTo: string | null;
  references: string[];
  providerUid: string;
  subject: string | null;
  senderEmail: string | null;
  senderName: string | null;
  recipientEmails: string[];
  ccEmails: string[];
  recipientNames: Record<string, string>;
  receivedDate: Date | null;
  dateUnknown: boolean;
  folderName: string;
  hasAttachments: boolean;
  bodyText: string | null;
  bodyHtml: string | null;
  isOutgoing: boolean;
  isTrainingData: boolean;
  isRead: boolean;
  sizeBytes: number;
  contentHash: string;
  parseProblem: string | null;
  headers: EmailHeaders;
  attachments: ParsedAttachment[];
};

/**
 * After a folder's ids were reset (new UIDVALIDITY): which of these messages the account has
 * stored already, by message key. The rows stored from this folder take their new provider_uid
 * on the way, so they name the message under the new ids.
 */
export async function relinkStoredMessages(
  db: Executor,
  account: { id: string; userId: string },
  folderPath: string,
  messages: { messageKey: string; providerUid: string }[],
): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const input = JSON.stringify(messages.map((m) => ({ message_key: m.messageKey, provider_uid: m.providerUid })));
  const { rows } = await db.execute<{ message_key: string }>(sql`
    with input as (
      select distinct on (message_key) message_key, provider_uid
      from json_to_recordset(${input}::json) as r(message_key text, provider_uid text)
      order by message_key
    ), stored as (
      select e.id, e.message_key, e.folder_name, e.provider_uid, i.provider_uid as new_provider_uid
      from input i join emails e on e.email_account_id = ${account.id} and e.message_key = i.message_key
      where e.user_id = ${account.userId}
    ), relinked as (
      update emails e set provider_uid = s.new_provider_uid, updated_at = now()
      from stored s
      where e.id = s.id and s.folder_name = ${folderPath} and s.provider_uid is distinct from s.new_provider_uid
    )
    select message_key from stored`);
  return new Set(rows.map((r) => r.message_key));
}

/** The stored message fields the counters need. */
type InsertedEmail = {
  id: string;
  messageKey: string;
  isOutgoing: boolean;
  isRead: boolean;
  hasAttachments: boolean;
  receivedDate: Date | null;
  isTrainingData: boolean;
  /** Stored without its body (its parse problem starts with BODY_NOT_STORED). */
  bodyOmitted: boolean;
};

/**
 * Stores a batch; a message already stored for the account (same message_key) is skipped.
 * Returns the rows really inserted, for the counters.
 *
 * One statement for the messages and their attachments, the batch passed as one JSON document:
 * a multi-row VALUES with 25 parameters a row cost more to build (in drizzle and pg) and to parse
 * than the insert itself.
 */
export async function insertEmailBatch(db: Executor, batch: EmailToStore[]): Promise<InsertedEmail[]> {
  if (batch.length === 0) return [];
  // Two copies of one message in a batch (e.g. in Inbox and Sent) would conflict within the insert.
  const unique = new Map<string, EmailToStore>();
  for (const row of batch) if (!unique.has(row.messageKey)) unique.set(row.messageKey, row);
  const input = JSON.stringify(
    [...unique.values()].map((row) => ({
      user_id: row.userId,
      email_account_id: row.emailAccountId,
      message_key: row.messageKey,
      message_id: row.messageId,
      thread_id: row.threadId,
      in_reply_to: row.inReplyTo,
      references: row.references,
      provider_uid: row.providerUid,
      subject: row.subject,
      sender_email: row.senderEmail,
      sender_name: row.senderName,
      recipient_emails: row.recipientEmails,
      cc_emails: row.ccEmails,
      recipient_names: row.recipientNames,
      received_date: row.receivedDate,
      date_unknown: row.dateUnknown,
      folder_name: row.folderName,
      has_attachments: row.hasAttachments,
      body_text: row.bodyText,
      body_html: row.bodyHtml,
      is_outgoing: row.isOutgoing,
      is_training_data: row.isTrainingData,
      is_read: row.isRead,
      size_bytes: row.sizeBytes,
      content_hash: row.contentHash,
      parse_problem: row.parseProblem,
      headers: row.headers,
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size_bytes: a.sizeBytes,
        content_id: a.contentId,
        disposition: a.disposition,
      })),
    })),
  );
  const { rows } = await db.execute<{
    id: string;
    message_key: string;
    is_outgoing: boolean;
    is_read: boolean;
    has_attachments: boolean;
    received_ms: number | null;
    is_training_data: boolean;
    body_omitted: boolean;
  }>(sql`
    with input as (
      select * from json_to_recordset(${input}::json) as r(
        user_id text, email_account_id uuid, message_key text, message_id text, thread_id text, in_reply_to text,
        "references" text[], provider_uid text, subject text, sender_email text, sender_name text,
        recipient_emails text[], cc_emails text[], recipient_names jsonb, received_date timestamptz, date_unknown boolean, folder_name text,
        has_attachments boolean,
        body_text text, body_html text, is_outgoing boolean, is_training_data boolean, is_read boolean, size_bytes bigint,
        content_hash text, parse_problem text, headers jsonb, attachments json)
    ), inserted as (
      insert into emails (user_id, email_account_id, message_key, message_id, thread_id, in_reply_to, "references",
        provider_uid, subject, sender_email, sender_name, recipient_emails, cc_emails, recipient_names, received_date, date_unknown,
        folder_name, has_attachments, body_text, body_html, is_outgoing, is_training_data, is_read, size_bytes, content_hash,
        parse_problem, headers)
      select user_id, email_account_id, message_key, message_id, thread_id, in_reply_to, "references",
        provider_uid, subject, sender_email, sender_name, recipient_emails, cc_emails, coalesce(recipient_names, '{}'), received_date,
        coalesce(date_unknown, false), folder_name,
        has_attachments, body_text, body_html, is_outgoing, is_training_data, is_read, size_bytes, content_hash,
        parse_problem, headers
      from input
      on conflict (email_account_id, message_key) do nothing
      returning id, user_id, email_account_id, message_key, is_outgoing, is_read, has_attachments, received_date, is_training_data,
        coalesce(starts_with(parse_problem, ${BODY_NOT_STORED}), false) as body_omitted
    ), stored_attachments as (
      insert into email_message_attachments (user_id, email_account_id, email_id, filename, content_type, size_bytes, content_id, disposition)
      select i.user_id, i.email_account_id, i.id, a.filename, a.content_type, a.size_bytes, a.content_id, a.disposition
      from inserted i
      join input r on r.message_key = i.message_key
      cross join lateral json_to_recordset(r.attachments) as a(filename text, content_type text, size_bytes bigint, content_id text, disposition text)
    )
    select id, message_key, is_outgoing, is_read, has_attachments, is_training_data, body_omitted,
      (extract(epoch from received_date) * 1000)::float8 as received_ms
    from inserted`);
  return rows.map((r) => ({
    id: r.id,
    messageKey: r.message_key,
    isOutgoing: r.is_outgoing,
    isRead: r.is_read,
    hasAttachments: r.has_attachments,
    receivedDate: r.received_ms == null ? null : new Date(r.received_ms),
    isTrainingData: r.is_training_data,
    bodyOmitted: r.body_omitted,
  }));
}

/** Adds a batch's new messages to the account's counters (exact recount at the end of a sync). */
export async function addToCounters(
  db: Executor,
  accountId: string,
  inserted: {
    isOutgoing: boolean;
    isRead: boolean;
    hasAttachments: boolean;
    receivedDate: Date | null;
    isTrainingData: boolean;
    bodyOmitted: boolean;
  }[],
) {
  if (inserted.length === 0) return;
  const count = (predicate: (r: (typeof inserted)[number]) => boolean) => inserted.filter(predicate).length;
  const dates = inserted.map((r) => r.receivedDate?.getTime()).filter((t): t is number => t != null);
  const min = dates.length ? new Date(Math.min(...dates)) : null;
  const max = dates.length ? new Date(Math.max(...dates)) : null;
  await db
    .update(emailAccounts)
    .set({
      emailsDownloadedCount: sql`${emailAccounts.emailsDownloadedCount} + ${inserted.length}`,
      totalEmailsCountActual: sql`${emailAccounts.totalEmailsCountActual} + ${inserted.length}`,
      trainingEmailsCount: sql`${emailAccounts.trainingEmailsCount} + ${count((r) => r.isTrainingData)}`,
      incomingEmailsCount: sql`${emailAccounts.incomingEmailsCount} + ${count((r) => !r.isOutgoing)}`,
      outgoingEmailsCount: sql`${emailAccounts.outgoingEmailsCount} + ${count((r) => r.isOutgoing)}`,
      unreadEmailsCount: sql`${emailAccounts.unreadEmailsCount} + ${count((r) => !r.isRead && !r.isOutgoing)}`,
      emailsWithAttachmentsCount: sql`${emailAccounts.emailsWithAttachmentsCount} + ${count((r) => r.hasAttachments)}`,
      messagesTruncated: sql`${emailAccounts.messagesTruncated} + ${count((r) => r.bodyOmitted)}`,
      dateRangeStart: min ? sql`least(${emailAccounts.dateRangeStart}, ${min})` : undefined,
      dateRangeEnd: max ? sql`greatest(${emailAccounts.dateRangeEnd}, ${max})` : undefined,
      lastSyncAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(emailAccounts.id, accountId));
}

/**
 * The end of every sync: the proposals of addresses that may be the user's (never used until the
 * user confirms one), then every counter and the top senders exactly from the stored mail. Which
 * mail is outgoing is decided as it is stored (sync.ts) and, after the user changes the aliases,
 * by `remarkDirectionBatch`: never here, so a proposal changes nothing behind the user's back.
 */
export async function finishSync(db: Db, account: { id: string; userId: string }) {
  await db
    .update(emailAccounts)
    .set({ lastSyncAt: new Date() })
    .where(and(eq(emailAccounts.id, account.id), eq(emailAccounts.userId, account.userId)));
  await refreshAliasProposals(db, account.userId, account.id);
  await recalculateStatistics(db, account.userId, account.id);
  await calculateTopSenders(db, account.userId, account.id);
}

/** The flag a sync records for the folder the mailbox files sent mail in, whatever the provider calls it. */
const SENT_SPECIAL_USE = '\\Sent';

/** Display names of the user, at most this many (the user's name and what the own addresses sent with). */
const OWN_NAMES_LIMIT = 20;

/**
 * Recomputes the account's alias proposals from its mail (`proposeAliases`): one pass over its
 * senders, with how much of their mail the mailbox files as sent. False when not the user's.
 */
export async function refreshAliasProposals(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ emailAddress: emailAccounts.emailAddress, aliases: emailAccounts.aliases, dismissed: emailAccounts.dismissedAliases })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  if (!account) return false;
  const ownAddresses = [account.emailAddress.toLowerCase(), ...account.aliases];
  const own = sql`${sql.param(ownAddresses)}::text[]`;
  const { rows: names } = await db.execute<{ name: string }>(sql`
    (select name from users where id = ${userId})
    union
    (select distinct sender_name from emails
     where user_id = ${userId} and email_account_id = ${accountId} and sender_email = any(${own})
       and nullif(trim(sender_name), '') is not null
     limit ${OWN_NAMES_LIMIT})`);
  const { rows: senders } = await db.execute<{ address: string; messages: number; filed_as_sent: number; names: string[] | null }>(sql`
    with sent_folders as (
      select path from mail_folders where user_id = ${userId} and email_account_id = ${accountId} and special_use = ${SENT_SPECIAL_USE}
    ), named as (
      select sender_email, sender_name, count(*)::int as n,
        count(*) filter (where folder_name in (select path from sent_folders))::int as filed_as_sent
      from emails
      where user_id = ${userId} and email_account_id = ${accountId} and sender_email is not null and sender_email <> all(${own})
      group by sender_email, sender_name
    )
    select sender_email as address, sum(n)::int as messages, sum(filed_as_sent)::int as filed_as_sent,
      (array_agg(sender_name order by n desc, sender_name) filter (where nullif(trim(sender_name), '') is not null))[1:3] as names
    from named group by sender_email`);
  const proposals = proposeAliases({
    ownAddresses,
    ownNames: names.map((row) => row.name),
    dismissed: account.dismissed,
    senders: senders.map((row) => ({
      address: row.address,
      messages: row.messages,
      filedAsSent: row.filed_as_sent,
      names: row.names ?? [],
    })),
  });
  await db
    .update(emailAccounts)
    .set({ aliasProposals: proposals })
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
  return true;
}

/**
 * Which of the account's emails are outgoing, by the rule every sync stores them with: mail the
 * mailbox files as sent (in a folder recorded as Sent), or mail from the account's address or a
 * confirmed alias. SQL over `emails e`.
 */
const shouldBeOutgoing = (userId: string, accountId: string) => sql`coalesce(
  e.folder_name in (
    select path from mail_folders where user_id = ${userId} and email_account_id = ${accountId} and special_use = ${SENT_SPECIAL_USE}
  )
  or e.sender_email in (
    select lower(a.email_address) from email_accounts a where a.id = ${accountId} and a.user_id = ${userId}
    union all
    select unnest(a.aliases) from email_accounts a where a.id = ${accountId} and a.user_id = ${userId}
  ), false)`;

/** The ids of the account's emails whose direction the rule changes now (one pass over its mail). */
export async function listDirectionChanges(db: Db, userId: string, accountId: string): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select e.id from emails e
    where e.user_id = ${userId} and e.email_account_id = ${accountId} and e.is_outgoing <> ${shouldBeOutgoing(userId, accountId)}`);
  return rows.map((row) => row.id);
}

/**
 * Turns these emails of the account the way the rule says: incoming to outgoing (then read, as a
 * sync stores sent mail) or back (their read state kept). An email the rule no longer changes is
 * left as it is, so running it again is harmless. Answers how many changed.
 */
export async function remarkDirection(db: Db, userId: string, accountId: string, emailIds: string[]): Promise<number> {
  if (emailIds.length === 0) return 0;
  const { rows } = await db.execute<{ id: string }>(sql`
    update emails e set is_outgoing = not e.is_outgoing, is_read = e.is_read or not e.is_outgoing, updated_at = now()
    where e.id = any(${sql.param(emailIds)}::uuid[]) and e.user_id = ${userId} and e.email_account_id = ${accountId}
      and e.is_outgoing <> ${shouldBeOutgoing(userId, accountId)}
    returning e.id`);
  return rows.length;
}

/**
 * recalculate-email-stats: every counter of the account from its stored mail and contacts (total,
 * downloaded, training, incoming, outgoing, unread incoming, with attachments, stored without their
 * body, contacts not deleted by the user), the date range and the emails per day over it (whole
 * days, at least one), in one SQL aggregate. False when the account is not the user's.
 */
export async function recalculateStatistics(db: Db, userId: string, accountId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    with stats as (
      select count(*)::int as total,
        count(*) filter (where is_training_data)::int as training,
        count(*) filter (where not is_outgoing)::int as incoming,
        count(*) filter (where is_outgoing)::int as outgoing,
        count(*) filter (where not is_read and not is_outgoing)::int as unread,
        count(*) filter (where has_attachments)::int as with_attachments,
        count(*) filter (where starts_with(parse_problem, ${BODY_NOT_STORED}))::int as truncated,
        min(received_date) as first_date, max(received_date) as last_date
      from emails where email_account_id = ${accountId} and user_id = ${userId}
    ), contact_count as (
      select count(*)::int as n from contacts
      where email_account_id = ${accountId} and user_id = ${userId} and not user_deleted
    )
    update email_accounts a set
      emails_downloaded_count = stats.total, total_emails_count_actual = stats.total, training_emails_count = stats.training,
      incoming_emails_count = stats.incoming, outgoing_emails_count = stats.outgoing, unread_emails_count = stats.unread,
      emails_with_attachments_count = stats.with_attachments, messages_truncated = stats.truncated, contacts_count = contact_count.n,
      date_range_start = stats.first_date, date_range_end = stats.last_date,
      average_emails_per_day = case when stats.total = 0 then 0
        else stats.total / greatest(1, ceil(extract(epoch from (stats.last_date - stats.first_date)) / 86400.0)) end,
      updated_at = now()
    from stats, contact_count
    where a.id = ${accountId} and a.user_id = ${userId}
    returning a.id`);
  return rows.length === 1;
}

/**
 * calculate-top-senders: the 10 addresses that sent the account the most incoming mail (ties by
 * address), each with the most recent non-empty display name it used. False when not the user's.
 */
export async function calculateTopSenders(db: Db, userId: string, accountId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    with senders as (
      select sender_email,
        (array_agg(sender_name order by received_date desc nulls last) filter (where nullif(trim(sender_name), '') is not null))[1] as name,
        count(*)::int as n
      from emails
      where email_account_id = ${accountId} and user_id = ${userId} and not is_outgoing and sender_email is not null
      group by sender_email order by n desc, sender_email limit ${TOP_SENDERS_LIMIT}
    )
    update email_accounts a set
      top_senders = (
        select coalesce(jsonb_agg(jsonb_build_object('name', name, 'email', sender_email, 'count', n) order by n desc, sender_email), '[]'::jsonb)
        from senders
      ),
      updated_at = now()
    where a.id = ${accountId} and a.user_id = ${userId}
    returning a.id`);
  return rows.length === 1;
}

export async function setSyncState(
  db: Db,
  account: { id: string; userId: string },
  state: { status: 'running' | 'completed' | 'failed' | 'stopped'; error?: string | null; errorCode?: string | null },
) {
  const now = new Date();
  await db
    .insert(mailboxSync)
    .values({
      userId: account.userId,
      emailAccountId: account.id,
      status: state.status,
      stage: state.status,
      lastError: state.error ?? null,
      lastErrorCode: state.errorCode ?? null,
      startedAt: now,
    })
    .onConflictDoUpdate({
      target: mailboxSync.emailAccountId,
      set: {
        status: state.status,
        stage: state.status,
        lastError: state.error ?? null,
        lastErrorCode: state.errorCode ?? null,
        ...(state.status === 'running' ? { startedAt: now, finishedAt: null } : { finishedAt: now }),
        ...(state.status === 'completed' ? { lastSyncAt: now, failureCount: 0 } : {}),
        ...(state.status === 'failed' ? { failureCount: sql`${mailboxSync.failureCount} + 1` } : {}),
        updatedAt: now,
      },
    });
  await db
    .update(emailAccounts)
    .set({ syncState: state.status, lastSyncError: state.status === 'failed' ? (state.error ?? null) : null, updatedAt: now })
    .where(and(eq(emailAccounts.id, account.id), eq(emailAccounts.userId, account.userId)));
}

/** Whether the user asked the running download to stop (read between batches). */
export async function isStopRequested(db: Db, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ stop: emailAccounts.stopDownload, active: emailAccounts.isActive })
    .from(emailAccounts)
    .where(eq(emailAccounts.id, accountId))
    .limit(1);
  return !row || row.stop || !row.active;
}

/**
 * Active, initialized accounts not syncing right now: what the scheduler syncs. System-wide on
 * purpose (the scheduler serves every user); each job it starts is scoped to one user's account.
 */
export async function listAccountsForScheduledSync(db: Db) {
  return db
    .select({ id: emailAccounts.id, userId: emailAccounts.userId })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.isActive, true), eq(emailAccounts.initialized, true), sql`${emailAccounts.syncState} <> 'running'`));
}

/**
 * Every user's active, initialized IMAP and Gmail accounts, oldest first: what the new mail watcher
 * keeps an eye on (a system task, like the scheduler: not scoped to one user).
 */
export async function listAccountsToWatch(db: Db): Promise<SyncAccount[]> {
  return db
    .select(syncAccountColumns)
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.isActive, true),
        eq(emailAccounts.initialized, true),
        inArray(emailAccounts.provider, ['exchange', 'outlook', 'gmail']),
      ),
    )
    .orderBy(emailAccounts.createdAt, emailAccounts.id);
}

/**
 * The full-text vector of an email (subject A, sender B, body D; 'simple': no stemming, any
 * language). Inputs are truncated so a huge body can never exceed the 1 MB tsvector limit.
 */
const searchVector = sql`setweight(to_tsvector('simple'::regconfig, left(coalesce(e.subject, ''), 2000)), 'A')
  || setweight(to_tsvector('simple'::regconfig, left(coalesce(e.sender_name, '') || ' ' || coalesce(e.sender_email, ''), 2000)), 'B')
  || setweight(to_tsvector('simple'::regconfig, left(coalesce(e.body_text, ''), 100000)), 'D')`;

/**
 * Writes the search rows (vector and copies, see `email_search`) of up to `limit` emails from the
 * indexer's queue, any user's (the queue is the indexer's own), and takes them off it; queued
 * emails deleted meanwhile just leave the queue. Entries another indexer holds are skipped.
 * Answers how many queue entries it took: 0 when the queue is empty.
 */
export async function fillSearchVectors(db: Db, limit: number, skipAccounts: string[] = []): Promise<number> {
  // Entries of the skipped accounts stay queued (their emails' account is looked up; an entry whose
  // email is gone is taken, as always).
  const candidates =
    skipAccounts.length === 0
      ? sql`select email_id from email_search_queue limit ${limit} for update skip locked`
      : sql`select q.email_id from email_search_queue q left join emails e on e.id = q.email_id
          where e.email_account_id is null or e.email_account_id <> all(${sql`array[${sql.join(
            skipAccounts.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}]`})
          limit ${limit} for update of q skip locked`;
  const { rows } = await db.execute<{ taken: number }>(sql`
    with taken as (
      delete from email_search_queue where email_id in (${candidates})
      returning email_id
    ), written as (
      insert into email_search (email_id, user_id, email_account_id, received_date, search_text, search)
      select e.id, e.user_id, e.email_account_id, e.received_date, e.search_text, ${searchVector}
      from taken join emails e on e.id = taken.email_id
      on conflict (email_id) do nothing
    )
    select count(*)::int as taken from taken`);
  return rows[0]?.taken ?? 0;
}

/**
 * Whether the account is downloading now: its sync is running and has stored a batch (or started)
 * in the last two minutes. A sync whose process died stays 'running' in the table; the time limit
 * keeps it from counting for ever.
 */
/** A sync row `s` (joined to its account `a`) that is downloading now: see `isDownloading`. */
const downloadingNow = sql`s.status = 'running' and greatest(s.started_at, a.updated_at) > now() - interval '2 minutes'`;

/** The accounts downloading now (as `isDownloading`), any user's: the search indexer leaves their mail for later. */
export async function downloadingAccounts(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select distinct s.email_account_id as id from mailbox_sync s join email_accounts a on a.id = s.email_account_id
    where ${downloadingNow}`);
  return rows.map((row) => row.id);
}

export async function isDownloading(db: Db, accountId: string): Promise<boolean> {
  const { rows } = await db.execute<{ downloading: boolean }>(sql`
    select exists (
      select 1 from mailbox_sync s join email_accounts a on a.id = s.email_account_id
      where s.email_account_id = ${accountId} and ${downloadingNow}
    ) as downloading`);
  return rows[0]?.downloading ?? false;
}
