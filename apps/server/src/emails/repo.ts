import { EMAIL_PREVIEW_CHARS } from '@penman/contract';
import { and, asc, count, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { emailAccounts, emailMessageAttachments, emailSearch, emails, emailWordCounts } from '../platform/db/schema/index.ts';

/** Escapes LIKE's wildcards (and its escape character) so a query matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}

/**
 * The spec's search: subject, sender email or sender name as a case-insensitive substring of
 * `search_text` (on emails, trigram-indexed; its copy on email_search for the body-only matches).
 */
function substringMatch(searchText: typeof emails.searchText | typeof emailSearch.searchText, search: string): SQL {
  return sql`${searchText} like '%' || lower(${escapeLike(search)}) || '%'`;
}

/** Ours on top: the body (and every other word) through full-text search (email_search, GIN-indexed). */
function fullTextQuery(search: string): SQL {
  return sql`websearch_to_tsquery('simple', ${search})`;
}

function scopeOf(userId: string, accountId: string | undefined): SQL {
  return accountId ? and(eq(emails.userId, userId), eq(emails.emailAccountId, accountId))! : eq(emails.userId, userId);
}

function searchScopeOf(userId: string, accountId: string | undefined): SQL {
  return accountId ? and(eq(emailSearch.userId, userId), eq(emailSearch.emailAccountId, accountId))! : eq(emailSearch.userId, userId);
}

/** The word counts of the user's accounts (or of the one account). */
function wordCountScopeOf(db: Db, userId: string, accountId: string | undefined): SQL {
  const accounts = db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(accountId ? and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)) : eq(emailAccounts.userId, userId));
  return inArray(emailWordCounts.emailAccountId, accounts);
}

/** The row preview: the body's first 100 characters, runs of whitespace folded to one space. */
const preview = sql<string>`left(btrim(regexp_replace(left(coalesce(${emails.bodyText}, ''), ${EMAIL_PREVIEW_CHARS * 10}), '\\s+', ' ', 'g')), ${EMAIL_PREVIEW_CHARS})`;

const listColumns = {
  id: emails.id,
  emailAccountId: emails.emailAccountId,
  subject: emails.subject,
  senderName: emails.senderName,
  senderEmail: emails.senderEmail,
  receivedDate: emails.receivedDate,
  dateUnknown: emails.dateUnknown,
  folderName: emails.folderName,
  hasAttachments: emails.hasAttachments,
  isOutgoing: emails.isOutgoing,
};

export type EmailListRecord = Awaited<ReturnType<typeof readPage>>[number];
type Page = { limit: number; offset: number };

/** A page of ids from emails, newest first (for the plain list an index-only scan of (user, [account,] date, id)). */
function emailsPageIds(db: Db, where: SQL, page: Page) {
  return db
    .select({ id: emails.id, receivedDate: emails.receivedDate, rank: sql<number>`0`.as('rank') })
    .from(emails)
    .where(where)
    .orderBy(desc(emails.receivedDate), desc(emails.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
}

/** A page of body-only matches' ids (F minus S, on email_search): by full-text rank, then newest first. */
function fullTextOnlyPageIds(db: Db, scopes: SearchScopes, page: Page) {
  const rank = sql<number>`ts_rank(${emailSearch.search}, ${scopes.query})`;
  return db
    .select({ id: emailSearch.emailId, receivedDate: emailSearch.receivedDate, rank: rank.as('rank') })
    .from(emailSearch)
    .where(scopes.fullTextOnly)
    .orderBy(desc(rank), desc(emailSearch.receivedDate), desc(emailSearch.emailId))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
}

/**
 * One page of rows: the page's ids are chosen first, and only those rows are read in full, so rows
 * skipped by the offset never have their body read.
 */
async function readPage(db: Db, userId: string, pageIds: ReturnType<typeof emailsPageIds> | ReturnType<typeof fullTextOnlyPageIds>) {
  return db
    .select({ ...listColumns, preview })
    .from(emails)
    .innerJoin(pageIds, eq(emails.id, pageIds.id))
    .where(eq(emails.userId, userId))
    .orderBy(desc(pageIds.rank), desc(pageIds.receivedDate), desc(emails.id));
}

async function countWhere(db: Db, table: typeof emails | typeof emailSearch, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The planner's estimate of the rows matching `where` (from statistics: no row is read). */
async function estimatedRows(db: Db, table: typeof emails | typeof emailSearch, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from ${table} where ${where}`,
  );
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * Two ways to count the mail that matches only by full text (F minus S, where F is the full-text
 * matches and S the substring ones); both give the same number, at very different costs:
 * - 'filter' counts F and tests the substring on each of its rows (the copy of `search_text` in
 *   email_search: about 0.5 µs a row). Right when S is about as large as F ("kaminski": both 40,000).
 * - 'subtract' takes |F| (for one word a lookup in the word counts; otherwise a count with no
 *   per-row test: the GIN match on words is exact, only visibility and the user are checked) and
 *   subtracts F ∩ S, found by testing the full text on S's rows (looked up in email_search by id,
 *   the vector out of line: about 10 µs a row). Right when S is much smaller than F ("please":
 *   84,000 full-text matches, 1,500 substring ones).
 */
export type FullTextOnlyCount = 'filter' | 'subtract';

/** 'subtract' when the planner's estimates put S under a tenth of F (the per-row costs differ tenfold). */
async function chooseFullTextOnlyCount(db: Db, scopes: SearchScopes): Promise<FullTextOnlyCount> {
  const [substringRows, fullTextRows] = await Promise.all([
    estimatedRows(db, emails, scopes.substring),
    estimatedRows(db, emailSearch, scopes.fullText),
  ]);
  return substringRows * 10 < fullTextRows ? 'subtract' : 'filter';
}

/** S on emails; F and F minus S on email_search; the word counts of the same accounts. */
type SearchScopes = { search: string; query: SQL; substring: SQL; fullText: SQL; fullTextOnly: SQL; wordCounts: SQL };

/**
 * |F| when the search is one word and nothing else (no second word, no negation): the sum of the
 * accounts' counts of that word (email_word_counts, kept exact by triggers on email_search), a
 * lookup however many emails match. Undefined for any other search. The word is found among the
 * search's own words as the one whose single-word vector the query matches: no other can.
 */
async function countOneWordMatches(db: Db, scopes: SearchScopes): Promise<number | undefined> {
  const { rows } = await db.execute<{ emails: number }>(sql`
    select coalesce(sum(${emailWordCounts.emails}), 0)::integer as emails
    from (
      select w.word from unnest(tsvector_to_array(to_tsvector('simple', ${scopes.search}))) as w(word)
      where numnode(${scopes.query}) = 1 and array_to_tsvector(array[w.word]) @@ ${scopes.query}
      limit 1
    ) as one_word
    left join ${emailWordCounts} on ${emailWordCounts.word} = one_word.word and ${scopes.wordCounts}
    group by one_word.word`);
  return rows[0]?.emails;
}

/** The exact sizes of S and of F minus S; the queries run side by side on separate connections. */
async function countMatches(db: Db, scopes: SearchScopes, how: FullTextOnlyCount): Promise<[number, number]> {
  if (how === 'filter') {
    return Promise.all([countWhere(db, emails, scopes.substring), countWhere(db, emailSearch, scopes.fullTextOnly)]);
  }
  // S's rows come from the trigram index alone, and each has its vector looked up by id and tested:
  // a subquery per row, as in a join the planner may choose to read all of email_search.
  // ts_match_vq is `@@` as a function, which the planner cannot take to the GIN index.
  const inFullText = sql`(select ts_match_vq(${emailSearch.search}, ${scopes.query}) from ${emailSearch} where ${emailSearch.emailId} = ${emails.id})`;
  const [[substring], fullTextTotal] = await Promise.all([
    db
      .select({ total: count(), inFullText: count(sql`case when ${inFullText} then 1 end`) })
      .from(emails)
      .where(scopes.substring),
    countOneWordMatches(db, scopes).then((total) => total ?? countWhere(db, emailSearch, scopes.fullText)),
  ]);
  // Each query sees the mail of its own moment: never below zero while a sync adds mail.
  return [substring?.total ?? 0, Math.max(0, fullTextTotal - (substring?.inFullText ?? 0))];
}

/**
 * Emails of the filter's accounts stored but not yet indexed for full-text search
 * (mail/search-index.ts): a search finds them by subject and sender, not yet by the words of their
 * text. The stored count less the accounts' indexed count (email_word_counts' word '').
 */
async function unindexedCount(db: Db, userId: string, accountId: string | undefined): Promise<number> {
  const [stored, [indexed]] = await Promise.all([
    countWhere(db, emails, scopeOf(userId, accountId)),
    db
      .select({ emails: sql<number>`coalesce(sum(${emailWordCounts.emails}), 0)::integer` })
      .from(emailWordCounts)
      .where(and(eq(emailWordCounts.word, ''), wordCountScopeOf(db, userId, accountId))),
  ]);
  return Math.max(0, stored - (indexed?.emails ?? 0));
}

export type EmailFilter = { accountId?: string; search?: string };

/**
 * A page of the user's mail with the exact total, newest first (id breaks ties so pages never
 * overlap). With a search: the spec's matches (subject, sender) first, newest first; then the
 * mail that matches only by full text (the body), by rank, then date. The two groups are read
 * separately so the rank is computed only when a page reaches the second group. `fullTextOnlyCount`
 * forces a way of counting (tests); by default the planner's estimates choose.
 */
export async function listEmails(
  db: Db,
  userId: string,
  filter: EmailFilter,
  page: Page,
  options: { fullTextOnlyCount?: FullTextOnlyCount } = {},
) {
  const scope = scopeOf(userId, filter.accountId);
  if (!filter.search) {
    const [rows, total] = await Promise.all([readPage(db, userId, emailsPageIds(db, scope, page)), countWhere(db, emails, scope)]);
    return { rows, total, unindexed: 0 };
  }
  const { search } = filter;
  const query = fullTextQuery(search);
  const fullText = and(searchScopeOf(userId, filter.accountId), sql`${emailSearch.search} @@ ${query}`)!;
  const scopes: SearchScopes = {
    search,
    query,
    substring: and(scope, substringMatch(emails.searchText, search))!,
    fullText,
    fullTextOnly: and(fullText, not(substringMatch(emailSearch.searchText, search)))!,
    wordCounts: wordCountScopeOf(db, userId, filter.accountId),
  };
  const counted = async () => countMatches(db, scopes, options.fullTextOnlyCount ?? (await chooseFullTextOnlyCount(db, scopes)));
  const [substringRows, [substringTotal, fullTextOnlyTotal], unindexed] = await Promise.all([
    readPage(db, userId, emailsPageIds(db, scopes.substring, page)),
    counted(),
    unindexedCount(db, userId, filter.accountId),
  ]);
  let rows = substringRows;
  if (rows.length < page.limit && fullTextOnlyTotal > 0) {
    const rest = { limit: page.limit - rows.length, offset: Math.max(0, page.offset - substringTotal) };
    rows = rows.concat(await readPage(db, userId, fullTextOnlyPageIds(db, scopes, rest)));
  }
  return { rows, total: substringTotal + fullTextOnlyTotal, unindexed };
}

export async function accountBelongsToUser(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return row !== undefined;
}

/** One email of the user in full, with its attachments' names, types and sizes; undefined when not theirs. */
export async function findEmail(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select({
      ...listColumns,
      messageId: emails.messageId,
      parseProblem: emails.parseProblem,
      recipientEmails: emails.recipientEmails,
      ccEmails: emails.ccEmails,
      bodyText: emails.bodyText,
      bodyHtml: emails.bodyHtml,
    })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.id, emailId)))
    .limit(1);
  if (!row) return undefined;
  const attachments = await db
    .select({
      id: emailMessageAttachments.id,
      filename: emailMessageAttachments.filename,
      contentType: emailMessageAttachments.contentType,
      sizeBytes: emailMessageAttachments.sizeBytes,
    })
    .from(emailMessageAttachments)
    .where(and(eq(emailMessageAttachments.userId, userId), eq(emailMessageAttachments.emailId, emailId)))
    // A message's attachments are stored together (one created_at): by name within it.
    .orderBy(
      asc(emailMessageAttachments.createdAt),
      sql`${emailMessageAttachments.filename} asc nulls last`,
      asc(emailMessageAttachments.id),
    );
  return { ...row, attachments };
}

/** Where one email of the user came from (its account and id there), for "Show original"; undefined when not theirs. */
export async function findEmailSource(db: Db, userId: string, emailId: string) {
  const [row] = await db
    .select({ accountId: emails.emailAccountId, providerUid: emails.providerUid, subject: emails.subject })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.id, emailId)))
    .limit(1);
  return row;
}

/** Sent mail looked at for the attachments of past replies: the account's latest this many with attachments. */
const REPLY_HISTORY_LIMIT = 2000;

/**
 * The files the user attached when replying to mail like `lexemes` (English lexemes of an incoming
 * email): per attachment name, how alike the best such incoming email was (ts_rank_cd of its
 * subject and start of body, 0..1) and how many replies carried it.
 */
export async function repliedAttachments(db: Db, userId: string, accountId: string, lexemes: string[]) {
  if (lexemes.length === 0) return [];
  const query = lexemes.map((lexeme) => `'${lexeme.replaceAll("'", "''")}'`).join(' | ');
  const { rows } = await db.execute<{ filename: string; similarity: number; replies: number }>(sql`
    with sent as (
      select s.id, s.in_reply_to from emails s
      where s.user_id = ${userId} and s.email_account_id = ${accountId} and s.is_outgoing and s.has_attachments and s.in_reply_to is not null
      order by s.received_date desc nulls last limit ${REPLY_HISTORY_LIMIT}
    ),
    replied as (
      select sent.id, ts_rank_cd(to_tsvector('english', coalesce(p.subject, '') || ' ' || left(coalesce(p.body_text, ''), 4000)), ${query}::tsquery, 32) as similarity
      from sent join emails p on p.user_id = ${userId} and p.email_account_id = ${accountId} and p.message_id = sent.in_reply_to and not p.is_outgoing
    )
    select a.filename, max(replied.similarity)::float8 as similarity, count(distinct replied.id)::int as replies
    from replied join email_message_attachments a on a.email_id = replied.id and a.user_id = ${userId}
    where a.filename is not null and coalesce(a.disposition, 'attachment') <> 'inline' and replied.similarity > 0
    group by a.filename`);
  return rows;
}

/** One attachment of one of the user's emails, as the sync recorded it (its content is not stored). */
export async function findEmailAttachment(db: Db, userId: string, emailId: string, attachmentId: string) {
  const [row] = await db
    .select({
      filename: emailMessageAttachments.filename,
      contentType: emailMessageAttachments.contentType,
      sizeBytes: emailMessageAttachments.sizeBytes,
      contentId: emailMessageAttachments.contentId,
    })
    .from(emailMessageAttachments)
    .where(
      and(
        eq(emailMessageAttachments.userId, userId),
        eq(emailMessageAttachments.emailId, emailId),
        eq(emailMessageAttachments.id, attachmentId),
      ),
    )
    .limit(1);
  return row;
}
