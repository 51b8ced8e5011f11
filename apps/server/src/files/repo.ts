import type { FileCategory, KnowledgeStatus } from '@penman/contract';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, retryConflicts } from '../platform/db/client.ts';
import { emailAccounts, emailAttachments, knowledgeChunks, knowledgeDocuments } from '../platform/db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** A row of the merged file view, before it is shaped for the API. */
export type FileRecord = {
  id: string;
  emailAccountId: string;
  filename: string;
  filePath: string;
  fileType: string | null;
  contentType: string | null;
  fileSize: number;
  createdAt: Date;
  source: FileCategory;
  status: KnowledgeStatus | null;
  errorMessage: string | null;
  passages: number | null;
  autoAttach: boolean | null;
  contentSha256: string | null;
};

export type NewFile = {
  emailAccountId: string;
  filename: string;
  filePath: string;
  fileType: string | null;
  contentType: string | null;
  fileSize: number;
  contentSha256: string;
};

const tableOf = { knowledge: knowledgeDocuments, attachment: emailAttachments } as const;

export async function accountBelongsTo(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)));
  return Boolean(row);
}

/** The account's files of both kinds (or one), newest first: the spec's merged file view. */
export async function listFiles(db: Db, userId: string, accountId: string, source?: FileCategory): Promise<FileRecord[]> {
  const { rows } = await db.execute<FileRecord & { createdAt: string }>(sql`
    select * from (
      select d.id, d.email_account_id as "emailAccountId", d.filename, d.file_path as "filePath", d.file_type as "fileType",
        d.content_type as "contentType", d.file_size::float8 as "fileSize", d.created_at as "createdAt", 'knowledge' as source,
        d.status, d.error_message as "errorMessage",
        (select count(*)::int from knowledge_chunks c where c.document_id = d.id) as passages,
        null::boolean as "autoAttach", d.content_sha256 as "contentSha256"
      from knowledge_documents d where d.user_id = ${userId} and d.email_account_id = ${accountId}
      union all
      select a.id, a.email_account_id, a.filename, a.file_path, a.file_type, a.content_type, a.file_size::float8, a.created_at,
        'attachment', null, null, null, a.auto_attach, a.content_sha256
      from email_attachments a where a.user_id = ${userId} and a.email_account_id = ${accountId}
    ) f
    ${source ? sql`where f.source = ${source}` : sql``}
    order by f."createdAt" desc, f.filename`);
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

export async function findFile(db: Executor, userId: string, source: FileCategory, id: string): Promise<FileRecord | undefined> {
  const table = tableOf[source];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.id, id)));
  if (!row) return undefined;
  const knowledge = source === 'knowledge' ? (row as typeof knowledgeDocuments.$inferSelect) : undefined;
  const attachment = source === 'attachment' ? (row as typeof emailAttachments.$inferSelect) : undefined;
  return {
    id: row.id,
    emailAccountId: row.emailAccountId,
    filename: row.filename,
    filePath: row.filePath,
    fileType: row.fileType,
    contentType: row.contentType,
    fileSize: row.fileSize,
    createdAt: row.createdAt,
    source,
    status: knowledge?.status ?? null,
    errorMessage: knowledge?.errorMessage ?? null,
    passages: null,
    autoAttach: attachment?.autoAttach ?? null,
    contentSha256: row.contentSha256,
  };
}

/** The account's file of `source` with this name, if any (names are unique per category and account). */
export async function findByName(db: Executor, userId: string, accountId: string, source: FileCategory, filename: string) {
  const table = tableOf[source];
  const [row] = await db
    .select({ id: table.id, contentSha256: table.contentSha256 })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.emailAccountId, accountId), eq(table.filename, filename)));
  return row;
}

/** Inserts the rows of one upload; undefined when a name is taken (the unique index decides under races). */
export async function insertFiles(db: Db, userId: string, files: (NewFile & { source: FileCategory })[]): Promise<string[] | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const { source, ...file } of files) {
        const table = tableOf[source];
        const [row] = await tx
          .insert(table)
          .values({ userId, ...file })
          .returning({ id: table.id });
        ids.push(row!.id);
      }
      return ids;
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') return undefined;
    throw error;
  }
}

export async function setAutoAttach(db: Db, userId: string, id: string, autoAttach: boolean): Promise<boolean> {
  const rows = await db
    .update(emailAttachments)
    .set({ autoAttach, updatedAt: new Date() })
    .where(and(eq(emailAttachments.userId, userId), eq(emailAttachments.id, id)))
    .returning({ id: emailAttachments.id });
  return rows.length > 0;
}

export async function setKnowledgeStatus(
  db: Executor,
  userId: string,
  id: string,
  status: KnowledgeStatus,
  errorMessage: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(knowledgeDocuments)
    .set({ status, errorMessage, updatedAt: new Date() })
    .where(and(eq(knowledgeDocuments.userId, userId), eq(knowledgeDocuments.id, id)))
    .returning({ id: knowledgeDocuments.id });
  return rows.length > 0;
}

/**
 * Adds (sign +1) or removes (-1) a document's chunks to the account's lexeme counts. Rows are
 * touched in lexeme order, so two documents of one account never wait on each other in a cycle.
 */
async function countLexemes(tx: Tx, documentId: string, sign: 1 | -1) {
  await tx.execute(sql`
    insert into knowledge_lexemes (user_id, email_account_id, lexeme, chunks, tokens)
    select c.user_id, c.email_account_id, u.lexeme, ${sign} * count(*)::int, 0
    from knowledge_chunks c cross join lateral unnest(c.search) u
    where c.document_id = ${documentId}
    group by c.user_id, c.email_account_id, u.lexeme
    union all
    select c.user_id, c.email_account_id, '', ${sign} * count(*)::int, ${sign} * coalesce(sum(c.token_count), 0)::bigint
    from knowledge_chunks c where c.document_id = ${documentId}
    group by c.user_id, c.email_account_id
    order by 3
    on conflict (email_account_id, lexeme) do update
      set chunks = knowledge_lexemes.chunks + excluded.chunks, tokens = knowledge_lexemes.tokens + excluded.tokens`);
  if (sign < 0) {
    await tx.execute(sql`
      delete from knowledge_lexemes l using knowledge_documents d
      where d.id = ${documentId} and l.email_account_id = d.email_account_id and l.chunks <= 0 and l.lexeme <> ''`);
  }
}

/**
 * The document's text as chunks (replacing any it had), counted for the search, and the document
 * processed: in one transaction, so a search never sees half a document.
 */
export async function saveChunks(db: Db, userId: string, documentId: string, chunks: string[]): Promise<boolean> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      const [document] = await tx
        .select({ accountId: knowledgeDocuments.emailAccountId })
        .from(knowledgeDocuments)
        .where(and(eq(knowledgeDocuments.userId, userId), eq(knowledgeDocuments.id, documentId)))
        .for('update');
      if (!document) return false;
      await countLexemes(tx, documentId, -1);
      await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
      for (let i = 0; i < chunks.length; i += 500) {
        await tx.insert(knowledgeChunks).values(
          chunks.slice(i, i + 500).map((content, offset) => ({
            documentId,
            userId,
            emailAccountId: document.accountId,
            chunkIndex: i + offset,
            content,
          })),
        );
      }
      // A chunk's length for BM25: the positions in its vector (stop words excluded).
      await tx.execute(sql`
        update knowledge_chunks c set token_count = (select coalesce(sum(cardinality(u.positions)), 0) from unnest(c.search) u)
        where c.document_id = ${documentId}`);
      await countLexemes(tx, documentId, 1);
      await setKnowledgeStatus(tx, userId, documentId, 'processed');
      return true;
    }),
  );
}

/** Deletes a file's row (a document's chunks and their counts with it); answers its storage key. */
export async function deleteFile(db: Db, userId: string, source: FileCategory, id: string): Promise<string | undefined> {
  return retryConflicts(() =>
    db.transaction(async (tx) => {
      if (source === 'knowledge') {
        const [locked] = await tx
          .select({ id: knowledgeDocuments.id })
          .from(knowledgeDocuments)
          .where(and(eq(knowledgeDocuments.userId, userId), eq(knowledgeDocuments.id, id)))
          .for('update');
        if (!locked) return undefined;
        await countLexemes(tx, id, -1);
      }
      const table = tableOf[source];
      const [row] = await tx
        .delete(table)
        .where(and(eq(table.userId, userId), eq(table.id, id)))
        .returning({ filePath: table.filePath });
      return row?.filePath;
    }),
  );
}

/**
 * What the search needs of a text: its lexemes (as the chunks' vectors have them, less those of
 * `stopWords`), each with its count and document frequency.
 */
export async function lexemesOf(db: Db, userId: string, accountId: string, text: string, stopWords: readonly string[]) {
  const { rows } = await db.execute<{ lexeme: string; count: number; chunks: number; tokens: number }>(sql`
    select u.lexeme, cardinality(u.positions) as count, coalesce(l.chunks, 0) as chunks, coalesce(l.tokens, 0)::float8 as tokens
    from unnest(to_tsvector('english', ${text})) u
    left join knowledge_lexemes l on l.email_account_id = ${accountId} and l.user_id = ${userId} and l.lexeme = u.lexeme
    where u.lexeme <> all (tsvector_to_array(to_tsvector('english', ${stopWords.join(' ')})))
    union all
    select '', 0, coalesce(max(l.chunks), 0), coalesce(max(l.tokens), 0)::float8
    from knowledge_lexemes l where l.email_account_id = ${accountId} and l.user_id = ${userId} and l.lexeme = ''`);
  return rows;
}

export type ScoredChunk = { chunkId: string; documentId: string; filename: string; content: string; matched: string[]; score: number };

/** BM25 parameters: term-frequency saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** The candidates the full-text index finds are cut to this many (by ts_rank) before BM25 scores them. */
const CANDIDATES = 100;

/**
 * The `limit` chunks of the account that score highest by BM25 for the weighted lexemes: the GIN
 * index finds chunks holding any of `candidateLexemes`, ts_rank keeps the best candidates, BM25
 * (every term) orders those.
 */
export async function scoreChunks(
  db: Db,
  userId: string,
  accountId: string,
  terms: { lexeme: string; weight: number }[],
  candidateLexemes: string[],
  averageLength: number,
  limit: number,
): Promise<ScoredChunk[]> {
  if (terms.length === 0 || candidateLexemes.length === 0) return [];
  const tsquery = candidateLexemes.map((lexeme) => `'${lexeme.replaceAll("'", "''")}'`).join(' | ');
  const { rows } = await db.execute<ScoredChunk>(sql`
    with q as (select * from unnest(${sql.param(terms.map((t) => t.lexeme))}::text[], ${sql.param(terms.map((t) => t.weight))}::float8[]) as q(lexeme, weight)),
    cand as (
      select c.id, c.document_id, c.content, c.search, c.token_count
      from knowledge_chunks c
      where c.user_id = ${userId} and c.email_account_id = ${accountId} and c.search @@ ${tsquery}::tsquery
      order by ts_rank(c.search, ${tsquery}::tsquery) desc
      limit ${CANDIDATES}
    )
    select cand.id as "chunkId", cand.document_id as "documentId", d.filename, cand.content,
      array_agg(q.lexeme order by q.weight desc) as matched,
      sum(q.weight * (cardinality(u.positions) * ${K1 + 1}::float8)
        / (cardinality(u.positions) + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * cand.token_count / ${Math.max(1, averageLength)}::float8)))::float8 as score
    from cand
    cross join lateral unnest(cand.search) u
    join q on q.lexeme = u.lexeme
    join knowledge_documents d on d.id = cand.document_id
    group by cand.id, cand.document_id, d.filename, cand.content
    order by score desc, cand.id
    limit ${limit}`);
  return rows;
}

/** A text's English lexemes, less those of `stopWords` (the words of an email the suggestions compare). */
export async function lexemesOfText(db: Db, text: string, stopWords: readonly string[]): Promise<string[]> {
  const { rows } = await db.execute<{ lexeme: string }>(sql`
    select u.lexeme from unnest(to_tsvector('english', ${text})) u
    where u.lexeme <> all (tsvector_to_array(to_tsvector('english', ${stopWords.join(' ')})))
    order by cardinality(u.positions) desc, u.lexeme`);
  return rows.map((row) => row.lexeme);
}

/**
 * The account's attachment library for suggestions: each file with the English lexemes of its name
 * (extension dropped, separators as spaces) and the knowledge document holding the same file (same
 * content, else same name), whose text then speaks for it.
 */
export async function suggestionCandidates(db: Db, userId: string, accountId: string) {
  const { rows } = await db.execute<{ id: string; filename: string; nameLexemes: string[]; knowledgeDocumentId: string | null }>(sql`
    select a.id, a.filename,
      tsvector_to_array(to_tsvector('english', regexp_replace(regexp_replace(a.filename, '\.[A-Za-z0-9]{1,10}$', ''), '[^[:alnum:]]+', ' ', 'g'))) as "nameLexemes",
      (select d.id from knowledge_documents d
        where d.user_id = ${userId} and d.email_account_id = ${accountId} and d.status = 'processed'
          and (d.content_sha256 = a.content_sha256 or d.filename = a.filename)
        order by (d.content_sha256 = a.content_sha256) desc nulls last limit 1) as "knowledgeDocumentId"
    from email_attachments a
    where a.user_id = ${userId} and a.email_account_id = ${accountId}`);
  return rows;
}

/** Refreshes the planner's statistics of the passages (all users': statistics are per table). */
export async function analyzeChunks(db: Db): Promise<void> {
  await db.execute(sql`analyze knowledge_chunks, knowledge_lexemes`);
}
