import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { type ContactEditableField, contactStatistics, contacts, emailAccounts, ignoredSenders } from '../platform/db/schema/index.ts';
import type { BuiltContact, MailForContacts } from './engine/build-contacts.ts';

/** The account's own addresses (its address and the aliases the user confirmed), scoped by user. */
export async function findAccountAddresses(db: Db, userId: string, accountId: string) {
  const [row] = await db
    .select({ emailAddress: emailAccounts.emailAddress, aliases: emailAccounts.aliases })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row ? [row.emailAddress, ...row.aliases] : undefined;
}

export async function listIgnoredAddresses(db: Db, userId: string, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ emailAddress: ignoredSenders.emailAddress })
    .from(ignoredSenders)
    .where(and(eq(ignoredSenders.userId, userId), eq(ignoredSenders.emailAccountId, accountId)));
  return rows.map((row) => row.emailAddress);
}

// Address lists travel as text joined by the unit separator (no address contains it): splitting
// that is several times cheaper than parsing 100,000 PostgreSQL array literals.
const splitAddresses = (joined: string) => (joined ? joined.split('\u001f') : []);

type MailRow = {
  message_id: string | null;
  in_reply_to: string | null;
  thread_id: string | null;
  subject: string | null;
  sender_email: string | null;
  sender_name: string | null;
  recipients: string;
  cc: string;
  // Text of the jsonb, or null for the usual '{}': JSON.parse of a few names costs less than pg's jsonb parser on every row.
  recipient_names: string | null;
  // Milliseconds since the epoch: a number is far cheaper to turn into a Date than a timestamp's text, 100,000 times.
  received_ms: number | null;
  is_outgoing: boolean;
  list_unsubscribe: string | null;
  list_id: string | null;
  precedence: string | null;
  auto_submitted: string | null;
};

// Most mail has none of these headers: one shared empty object (read only) instead of 100,000.
const NO_HEADERS: MailForContacts['headers'] = Object.freeze({});
const NO_NAMES: MailForContacts['recipientNames'] = Object.freeze({});

function mailingHeaders(row: MailRow): MailForContacts['headers'] {
  if (!row.list_unsubscribe && !row.list_id && !row.precedence && !row.auto_submitted) return NO_HEADERS;
  return {
    ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
    ...(row.list_id ? { listId: row.list_id } : {}),
    ...(row.precedence ? { precedence: row.precedence } : {}),
    ...(row.auto_submitted ? { autoSubmitted: row.auto_submitted } : {}),
  };
}

/**
 * The fields of the account's mail the contacts engine reads (never bodies). With `addresses`,
 * only mail from or to one of them: enough to rebuild exactly those contacts, because every
 * interaction with a contact (and every message a reply to it answers) involves its address.
 */
export async function loadMailForContacts(db: Db, userId: string, accountId: string, addresses?: string[]): Promise<MailForContacts[]> {
  const touching: SQL = addresses
    ? sql`and (e.sender_email = any(${pgArray(addresses)}::text[]) or e.recipient_emails && ${pgArray(addresses)}::text[] or e.cc_emails && ${pgArray(addresses)}::text[])`
    : sql``;
  const { rows } = await db.execute<MailRow>(sql`
    select e.message_id, e.in_reply_to, e.thread_id, e.subject, e.sender_email, e.sender_name,
      array_to_string(e.recipient_emails, chr(31)) as recipients, array_to_string(e.cc_emails, chr(31)) as cc,
      nullif(e.recipient_names, '{}')::text as recipient_names,
      floor(extract(epoch from e.received_date) * 1000)::float8 as received_ms, e.is_outgoing,
      e.headers->>'listUnsubscribe' as list_unsubscribe, e.headers->>'listId' as list_id,
      e.headers->>'precedence' as precedence, e.headers->>'autoSubmitted' as auto_submitted
    from emails e
    where e.user_id = ${userId} and e.email_account_id = ${accountId} ${touching}`);
  return rows.map((row) => ({
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
    threadId: row.thread_id,
    subject: row.subject,
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    recipientEmails: splitAddresses(row.recipients),
    ccEmails: splitAddresses(row.cc),
    recipientNames: row.recipient_names ? (JSON.parse(row.recipient_names) as Record<string, string>) : NO_NAMES,
    receivedDate: row.received_ms === null ? null : new Date(row.received_ms),
    isOutgoing: row.is_outgoing,
    headers: mailingHeaders(row),
  }));
}

/** When the account's newest mail arrived (mail dated in the future does not count): statistics are measured then. */
export async function findNewestMailDate(db: Db, userId: string, accountId: string): Promise<Date | undefined> {
  const { rows } = await db.execute<{ newest: string | null }>(sql`
    select max(received_date) as newest from emails
    where user_id = ${userId} and email_account_id = ${accountId} and received_date <= now()`);
  return rows[0]?.newest ? new Date(rows[0].newest) : undefined;
}

/** Every address on the given emails of the account (the mail a sync just added). */
export async function findAddressesOfEmails(db: Db, userId: string, accountId: string, emailIds: string[]): Promise<string[]> {
  const { rows } = await db.execute<{ address: string }>(sql`
    select distinct lower(a) as address from emails e,
      unnest(array[e.sender_email] || e.recipient_emails || e.cc_emails) as a
    where e.user_id = ${userId} and e.email_account_id = ${accountId} and e.id = any(${pgArray(emailIds)}::uuid[])
      and a is not null`);
  return rows.map((row) => row.address);
}

/**
 * The two most recent bodies each sender wrote (where their signature is), newest first, cut to
 * 3,000 characters (own words come first; quoted mail follows): of the given addresses, or of every sender of incoming mail.
 */
export async function loadRecentBodies(db: Db, userId: string, accountId: string, addresses?: string[]) {
  if (addresses?.length === 0) return [];
  const senders = addresses ? sql`and e.sender_email = any(${pgArray(addresses)}::text[])` : sql``;
  // The newest two per sender are picked on narrow rows; only their bodies are read. Ordered
  // here rather than in SQL, where sorting the bodies would spill to disk.
  const { rows } = await db.execute<{ sender_email: string; sender_name: string | null; body: string; n: string }>(sql`
    with recent as (
      select id, n from (
        select e.id, row_number() over (partition by e.sender_email order by e.received_date desc nulls last) as n
        from emails e
        where e.user_id = ${userId} and e.email_account_id = ${accountId} and not e.is_outgoing
          and e.sender_email is not null and e.body_text is not null ${senders}
      ) ranked where n <= 2
    )
    select e.sender_email, e.sender_name, left(e.body_text, 3000) as body, recent.n
    from recent join emails e on e.id = recent.id`);
  rows.sort((a, b) => (a.sender_email < b.sender_email ? -1 : a.sender_email > b.sender_email ? 1 : Number(a.n) - Number(b.n)));
  return rows.map((row) => ({ senderEmail: row.sender_email, senderName: row.sender_name, body: row.body }));
}

export type ContactDetailsFromMail = BuiltContact & { phoneNumber: string | null; jobTitle: string | null };

/** One array parameter (drizzle would otherwise spread a JS array into a list of parameters). */
const pgArray = (values: readonly unknown[]) => sql.param(values);
const textArray = (values: (string | null)[]) => sql`${pgArray(values)}::text[]`;
const iso = (date: Date | null) => (date ? date.toISOString() : null);
// Keywords travel as one text per contact (an array of arrays cannot be ragged): unit separator.
const KEYWORD_SEPARATOR = '\u001f';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Contacts a statement writes: small enough that parsing the next slice's signatures hides behind writing this one. */
const SLICE = 2_000;

const column = <T>(rows: ContactDetailsFromMail[], pick: (contact: ContactDetailsFromMail) => T) => rows.map(pick);

/** The statistics columns as unnest() arguments (keywords as one text per contact: an array of arrays cannot be ragged). */
const statisticsInput = (rows: ContactDetailsFromMail[]) => sql`
  ${pgArray(column(rows, (c) => c.stats.emailsSent))}::int[], ${pgArray(column(rows, (c) => c.stats.emailsReceived))}::int[],
  ${pgArray(column(rows, (c) => c.stats.totalInteractions))}::int[], ${textArray(column(rows, (c) => c.stats.interactionFrequency))},
  ${pgArray(column(rows, (c) => c.stats.relationshipStrength))}::real[], ${pgArray(column(rows, (c) => c.stats.avgResponseTimeHours))}::real[],
  ${pgArray(column(rows, (c) => iso(c.stats.firstInteractionAt)))}::timestamptz[],
  ${pgArray(column(rows, (c) => iso(c.stats.lastInteractionAt)))}::timestamptz[],
  ${textArray(column(rows, (c) => c.stats.mostCommonSubjectKeywords.join(KEYWORD_SEPARATOR)))}`;
const STATISTICS_COLUMNS = sql.raw(
  'emails_sent, emails_received, total_interactions, interaction_frequency, relationship_strength, avg_response_time_hours, first_at, last_at, keywords',
);
const keywordsArray = sql`coalesce(string_to_array(nullif(i.keywords, ''), ${KEYWORD_SEPARATOR}), '{}')`;

const contactInput = (rows: ContactDetailsFromMail[]) => sql`
  ${textArray(column(rows, (c) => c.emailAddress))}, ${textArray(column(rows, (c) => c.displayName))},
  ${textArray(column(rows, (c) => c.firstName))}, ${textArray(column(rows, (c) => c.lastName))},
  ${textArray(column(rows, (c) => c.domain))}, ${textArray(column(rows, (c) => c.companyName))},
  ${pgArray(column(rows, (c) => c.isInternal))}::boolean[], ${pgArray(column(rows, (c) => iso(c.lastInteractionAt)))}::timestamptz[],
  ${textArray(column(rows, (c) => c.phoneNumber))}, ${textArray(column(rows, (c) => c.jobTitle))}`;
const CONTACT_COLUMNS = sql.raw(
  'email_address, display_name, first_name, last_name, domain, company_name, is_internal, last_interaction_at, phone_number, job_title',
);

/**
 * An empty contact book (the first build): every contact is new, so both tables are filled by
 * one plain insert (no conflict arbitration, no join to find the new ids: they are made here).
 */
async function insertNew(tx: Tx, userId: string, accountId: string, rows: ContactDetailsFromMail[]) {
  // async: drizzle's query is a lazy thenable that runs again on every then(); this runs it once.
  return tx.execute(sql`
    with i as materialized (
      select * from unnest(${pgArray(rows.map(() => randomUUID()))}::uuid[], ${contactInput(rows)}, ${statisticsInput(rows)})
        as t(id, ${CONTACT_COLUMNS}, ${STATISTICS_COLUMNS})
    ), new_contacts as (
      insert into contacts (id, user_id, email_account_id, ${CONTACT_COLUMNS})
      select id, ${userId}, ${accountId}, ${CONTACT_COLUMNS} from i
    )
    insert into contact_statistics (contact_id, user_id, email_account_id, emails_sent, emails_received, total_interactions,
      interaction_frequency, relationship_strength, avg_response_time_hours, first_interaction_at, last_interaction_at,
      most_common_subject_keywords)
    select i.id, ${userId}, ${accountId}, i.emails_sent, i.emails_received, i.total_interactions, i.interaction_frequency,
      i.relationship_strength, i.avg_response_time_hours, i.first_at, i.last_at, ${keywordsArray}
    from i`);
}

/** Contacts exist: upsert, skipping unchanged rows, deleted contacts and the fields the user edited. */
async function upsertContacts(tx: Tx, userId: string, accountId: string, rows: ContactDetailsFromMail[]) {
  const edited = (field: ContactEditableField) => sql`${field} = any(contacts.user_edited_fields)`;
  return tx.execute(sql`
    with input as (
      select * from unnest(${contactInput(rows)}) as t(${CONTACT_COLUMNS})
    )
    insert into contacts as contacts (user_id, email_account_id, ${CONTACT_COLUMNS})
    select ${userId}, ${accountId}, ${CONTACT_COLUMNS} from input
    on conflict (email_account_id, email_address) do update set
      display_name = excluded.display_name, first_name = excluded.first_name, last_name = excluded.last_name,
      domain = excluded.domain, company_name = excluded.company_name, is_internal = excluded.is_internal,
      last_interaction_at = excluded.last_interaction_at,
      phone_number = case when ${edited('phone_number')} then contacts.phone_number else coalesce(excluded.phone_number, contacts.phone_number) end,
      job_title = case when ${edited('job_title')} then contacts.job_title else coalesce(excluded.job_title, contacts.job_title) end,
      updated_at = now()
    where not contacts.user_deleted
      and (contacts.display_name, contacts.first_name, contacts.last_name, contacts.domain, contacts.company_name,
           contacts.is_internal, contacts.last_interaction_at, contacts.phone_number, contacts.job_title)
        is distinct from (excluded.display_name, excluded.first_name, excluded.last_name, excluded.domain, excluded.company_name,
           excluded.is_internal, excluded.last_interaction_at, coalesce(excluded.phone_number, contacts.phone_number),
           coalesce(excluded.job_title, contacts.job_title))`);
}

async function upsertStatistics(tx: Tx, userId: string, accountId: string, rows: ContactDetailsFromMail[]) {
  return tx.execute(sql`
    with input as (
      select * from unnest(${textArray(column(rows, (c) => c.emailAddress))}, ${statisticsInput(rows)})
        as t(email_address, ${STATISTICS_COLUMNS})
    )
    insert into contact_statistics as s (contact_id, user_id, email_account_id, emails_sent, emails_received, total_interactions,
      interaction_frequency, relationship_strength, avg_response_time_hours, first_interaction_at, last_interaction_at,
      most_common_subject_keywords)
    select c.id, ${userId}, ${accountId}, i.emails_sent, i.emails_received, i.total_interactions, i.interaction_frequency,
      i.relationship_strength, i.avg_response_time_hours, i.first_at, i.last_at, ${keywordsArray}
    from input i join contacts c on c.email_account_id = ${accountId} and c.email_address = i.email_address and not c.user_deleted
    on conflict (contact_id) do update set
      emails_sent = excluded.emails_sent, emails_received = excluded.emails_received,
      total_interactions = excluded.total_interactions, interaction_frequency = excluded.interaction_frequency,
      relationship_strength = excluded.relationship_strength, avg_response_time_hours = excluded.avg_response_time_hours,
      first_interaction_at = excluded.first_interaction_at, last_interaction_at = excluded.last_interaction_at,
      most_common_subject_keywords = excluded.most_common_subject_keywords, updated_at = now()
    where (s.emails_sent, s.emails_received, s.total_interactions, s.interaction_frequency, s.relationship_strength,
           s.avg_response_time_hours, s.first_interaction_at, s.last_interaction_at, s.most_common_subject_keywords)
      is distinct from (excluded.emails_sent, excluded.emails_received, excluded.total_interactions, excluded.interaction_frequency,
           excluded.relationship_strength, excluded.avg_response_time_hours, excluded.first_interaction_at,
           excluded.last_interaction_at, excluded.most_common_subject_keywords)`);
}

/** Lets the driver put a started statement on the wire before synchronous work occupies the thread. */
const handOff = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes built contacts and their statistics, a slice at a time: `withDetails` (signature
 * parsing, CPU work here) runs on the next slice while PostgreSQL writes the current one. A
 * contact the user deleted stays deleted (not updated), and a field the user edited keeps the
 * user's value. With `replaceAll`, contacts the mail no longer yields are removed unless the user
 * edited or deleted them. Contacts of `ownAddresses` (the user's own addresses) are removed even
 * then: the user is never a contact of the user.
 */
export async function saveBuiltContacts(
  db: Db,
  userId: string,
  accountId: string,
  built: BuiltContact[],
  withDetails: (slice: BuiltContact[]) => ContactDetailsFromMail[],
  { replaceAll, ownAddresses = [] }: { replaceAll: boolean; ownAddresses?: string[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    // One writer per account: a reprocess and an after-sync update never interleave.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contacts:${accountId}`}))`);
    // The account row first, as deleting the account does (then its contacts): no lock-order deadlock.
    await tx.execute(sql`select id from email_accounts where id = ${accountId} and user_id = ${userId} for no key update`);
    // Not even a deleted contact: nothing to merge with, keep or remove.
    const { rows: existing } = await tx.execute<{ found: boolean }>(
      sql`select exists (select 1 from contacts where email_account_id = ${accountId}) as found`,
    );
    const empty = !existing[0]?.found;
    let writing: Promise<unknown> = Promise.resolve();
    for (let start = 0; start < built.length; start += SLICE) {
      const rows = withDetails(built.slice(start, start + SLICE));
      await writing;
      if (empty) {
        writing = insertNew(tx, userId, accountId, rows);
      } else {
        await upsertContacts(tx, userId, accountId, rows);
        writing = upsertStatistics(tx, userId, accountId, rows);
      }
      writing.catch(() => {}); // awaited above on the next slice or after the loop: this only stops a failure from counting as unhandled meanwhile
      await handOff();
    }
    await writing;
    if (ownAddresses.length > 0 && !empty) {
      await tx.execute(sql`
        delete from contacts c
        where c.user_id = ${userId} and c.email_account_id = ${accountId} and c.email_address = any(${pgArray(ownAddresses)}::text[])`);
    }
    if (replaceAll && !empty) {
      await tx.execute(sql`
        delete from contacts c
        where c.user_id = ${userId} and c.email_account_id = ${accountId} and not c.user_deleted
          and cardinality(c.user_edited_fields) = 0
          and not (c.email_address = any(${pgArray(built.map((contact) => contact.emailAddress))}::text[]))`);
    }
    const [row] = await tx
      .select({ value: count() })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), eq(contacts.emailAccountId, accountId), eq(contacts.userDeleted, false)));
    const contactsCount = row?.value ?? 0;
    await tx
      .update(emailAccounts)
      .set({ contactsCount, updatedAt: new Date() })
      .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
    return contactsCount;
  });
}

export type ContactFilters = {
  search?: string | undefined;
  company?: string | undefined;
  strength?: 'very_high' | 'high' | 'medium' | 'low' | undefined;
  limit: number;
  offset: number;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/** Every column of a contact but the generated search text (wide, never shown). */
const { searchText: _searchText, ...contactColumns } = getTableColumns(contacts);

/**
 * One page of the account's contacts with their statistics, most interactions first (then most
 * recent), and the exact total. The page's ids are found on narrow rows first (the sort then
 * stays in memory however deep the page), then those contacts are read. Every contact the mail
 * yields has its statistics row, so the join is inner.
 */
export async function listContacts(db: Db, userId: string, accountId: string, filters: ContactFilters) {
  const conditions: SQL[] = [
    eq(contacts.userId, userId),
    eq(contacts.emailAccountId, accountId),
    eq(contacts.userDeleted, false),
    eq(contactStatistics.emailAccountId, accountId),
  ];
  if (filters.search) {
    conditions.push(sql`${contacts.searchText} like '%' || public.f_unaccent(lower(${escapeLike(filters.search)})) || '%'`);
  }
  if (filters.company) conditions.push(eq(contacts.companyName, filters.company));
  if (filters.strength) conditions.push(eq(contactStatistics.interactionFrequency, filters.strength));
  const where = and(...conditions);
  const [page, [total]] = await Promise.all([
    db
      .select({ id: contactStatistics.contactId })
      .from(contactStatistics)
      .innerJoin(contacts, eq(contacts.id, contactStatistics.contactId))
      .where(where)
      .orderBy(
        desc(contactStatistics.totalInteractions),
        sql`${contactStatistics.lastInteractionAt} desc nulls last`,
        asc(contactStatistics.contactId),
      )
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ value: count() }).from(contactStatistics).innerJoin(contacts, eq(contacts.id, contactStatistics.contactId)).where(where),
  ]);
  const ids = page.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ contact: contactColumns, statistics: contactStatistics })
          .from(contacts)
          .innerJoin(contactStatistics, eq(contactStatistics.contactId, contacts.id))
          .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.contact.id)! - position.get(b.contact.id)!);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function listCompanies(db: Db, userId: string, accountId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ companyName: contacts.companyName })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.emailAccountId, accountId),
        eq(contacts.userDeleted, false),
        isNotNull(contacts.companyName),
      ),
    )
    .orderBy(asc(contacts.companyName));
  return rows.map((row) => row.companyName!);
}

export async function findContact(db: Db, userId: string, contactId: string) {
  const [row] = await db
    .select({ contact: contactColumns, statistics: contactStatistics })
    .from(contacts)
    .leftJoin(contactStatistics, eq(contactStatistics.contactId, contacts.id))
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), eq(contacts.userDeleted, false)))
    .limit(1);
  return row;
}

export type ContactRecord = NonNullable<Awaited<ReturnType<typeof findContact>>>;

/** The account's contact with this (lower-cased) address, unless the user deleted it. */
export async function findContactByAddress(db: Db, userId: string, accountId: string, emailAddress: string) {
  const [row] = await db
    .select({ contact: contactColumns, statistics: contactStatistics })
    .from(contacts)
    .leftJoin(contactStatistics, eq(contactStatistics.contactId, contacts.id))
    .where(
      and(
        eq(contacts.userId, userId),
        eq(contacts.emailAccountId, accountId),
        eq(contacts.emailAddress, emailAddress),
        eq(contacts.userDeleted, false),
      ),
    )
    .limit(1);
  return row;
}

/** Saves the user's edits and remembers which fields they were, so a reprocess never overwrites them. */
export async function updateContactFields(
  db: Db,
  userId: string,
  contactId: string,
  values: Partial<Record<'notes' | 'phoneNumber' | 'jobTitle' | 'department', string | null>>,
  editedFields: ContactEditableField[],
): Promise<boolean> {
  const updated = await db
    .update(contacts)
    .set({
      ...values,
      userEditedFields: sql`array(select distinct f from unnest(${contacts.userEditedFields} || ${pgArray(editedFields)}::text[]) as f order by 1)`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.userId, userId), eq(contacts.id, contactId), eq(contacts.userDeleted, false)))
    .returning({ id: contacts.id });
  return updated.length > 0;
}
