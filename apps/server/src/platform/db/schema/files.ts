import { type SQL, sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, tsvector, updatedAtColumn, userIdColumn } from './columns.ts';

export type KnowledgeDocumentStatus = 'uploaded' | 'processing' | 'processed' | 'failed';

// Files the user uploads as knowledge for drafting. `file_path` is the storage key
// ('<user id>/<account id>/<timestamp>-<filename>' in the knowledge-documents bucket).
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    filename: text('filename').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    // The extension, e.g. 'pdf'.
    fileType: text('file_type'),
    contentType: text('content_type'),
    status: text('status').$type<KnowledgeDocumentStatus>().notNull().default('uploaded'),
    // sha256 of the file, hex: the same file added to the other category is recognised as itself.
    contentSha256: text('content_sha256'),
    // Why text extraction failed, when it did.
    errorMessage: text('error_message'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The spec refuses a second file with the same name in the same account and category.
    uniqueIndex('knowledge_documents_account_filename_uq').on(t.emailAccountId, t.filename),
    index('knowledge_documents_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;

// Extracted text of a knowledge document, split for retrieval while drafting.
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    chunkIndex: integer('chunk_index').notNull(),
    content: text('content').notNull(),
    // Words the search counts in this chunk (positions of its vector): its length for BM25.
    tokenCount: integer('token_count').notNull().default(0),
    // English stemming for retrieval (query with websearch_to_tsquery('english', q)).
    search: tsvector('search').generatedAlwaysAs((): SQL => sql`to_tsvector('english'::regconfig, left("content", 100000))`),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('knowledge_chunks_document_chunk_uq').on(t.documentId, t.chunkIndex),
    index('knowledge_chunks_account_idx').on(t.emailAccountId),
    index('knowledge_chunks_user_idx').on(t.userId),
    index('knowledge_chunks_search_idx').using('gin', t.search),
  ],
);

export type KnowledgeChunkRow = typeof knowledgeChunks.$inferSelect;

// Per account and lexeme, how many knowledge chunks hold it (the search's document frequency, for
// IDF), kept in the transactions that add and remove chunks. Lexeme '' holds the account's chunk
// count and, in `tokens`, their total length.
export const knowledgeLexemes = pgTable(
  'knowledge_lexemes',
  {
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    lexeme: text('lexeme').notNull(),
    chunks: integer('chunks').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.emailAccountId, t.lexeme] })],
);

// Files the user uploads to attach to replies (the email-attachments bucket); same fields as
// knowledge documents plus auto_attach, and no status.
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    filename: text('filename').notNull(),
    filePath: text('file_path').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileType: text('file_type'),
    contentType: text('content_type'),
    autoAttach: boolean('auto_attach').notNull().default(false),
    contentSha256: text('content_sha256'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('email_attachments_account_filename_uq').on(t.emailAccountId, t.filename),
    index('email_attachments_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type EmailAttachmentRow = typeof emailAttachments.$inferSelect;
