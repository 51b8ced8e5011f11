import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  FILE_CATEGORIES,
  FILE_MESSAGES,
  type FileCategory,
  KNOWLEDGE_EXTENSIONS,
  type KnowledgePassage,
  type StoredFile,
  ZText,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { getEmail, listRepliedAttachments, readEmailAttachment } from '../emails/service.ts';
import type { MailboxReadDeps } from '../mail/service.ts';
import type { Db } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { FileTooLargeError } from '../platform/file-errors.ts';
import type { UploadPart } from '../platform/http/multipart.ts';
import { logger } from '../platform/logger.ts';
import { publishEvent } from '../platform/realtime.ts';
import { safeFileName } from '../platform/storage-keys.ts';
import { chunkBlocks } from './engine/chunk-text.ts';
import { candidateTerms, QUERY_STOP_WORDS, queryTerms } from './engine/knowledge-query.ts';
import { type SuggestionReason, scoreSuggestions } from './engine/suggest-attachments.ts';
import { analyzeKnowledgeJob, extractTextJob } from './jobs.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };

/** The storage "buckets" of the spec: a file's key is bucket/user/account/timestamp-name. */
const BUCKET: Record<FileCategory, string> = { knowledge: 'knowledge-documents', attachment: 'email-attachments' };

/** A file name is kept to this many characters. */
const MAX_NAME_CHARS = 255;

/** What a user's file name becomes: data shown as given (control characters dropped), never a path. */
export function displayName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  if (cleaned.length <= MAX_NAME_CHARS) return cleaned;
  // Cut before the extension: it names the file's type (a knowledge document's decides how it is read).
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, MAX_NAME_CHARS - extension.length) + extension;
}

export function extensionOf(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

function storageKey(category: FileCategory, userId: string, accountId: string, filename: string, now: Date) {
  return `${BUCKET[category]}/${userId}/${accountId}/${now.getTime()}-${safeFileName(filename)}`;
}

function toStoredFile(record: repo.FileRecord): StoredFile {
  return {
    id: record.id,
    emailAccountId: record.emailAccountId,
    filename: record.filename,
    fileType: record.fileType,
    contentType: record.contentType,
    fileSize: record.fileSize,
    createdAt: record.createdAt.toISOString(),
    source: record.source,
    status: record.status,
    errorMessage: record.errorMessage,
    passages: record.source === 'knowledge' ? (record.passages ?? 0) : null,
    autoAttach: record.autoAttach,
  };
}

async function requireAccount({ db, userId }: Scope, accountId: string) {
  if (!(await repo.accountBelongsTo(db, userId, accountId))) throw new AppError('NOT_FOUND', 'Email account not found');
}

async function notifyChanged(db: Db, userId: string, accountId: string) {
  await publishEvent(db, userId, { type: 'files.changed', data: { id: accountId } }).catch(() => {});
}

export async function listFiles(scope: Scope & { accountId: string; source?: FileCategory | undefined }): Promise<StoredFile[]> {
  await requireAccount(scope, scope.accountId);
  return (await repo.listFiles(scope.db, scope.userId, scope.accountId, scope.source)).map(toStoredFile);
}

const fieldError = (field: string, message: string, code: 'VALIDATION' | 'CONFLICT' = 'VALIDATION') =>
  new AppError(code, message, { fields: { [field]: message } });

/** The categories of an upload: `categories` as "knowledge,attachment" (or repeated `category` fields). */
function categoriesOf(fields: Map<string, string[]>): FileCategory[] {
  const values = [...(fields.get('categories') ?? []), ...(fields.get('category') ?? [])];
  for (const value of values) {
    const text = ZText.safeParse(value);
    if (!text.success) throw fieldError('categories', text.error.issues[0]!.message);
  }
  const named = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const categories = FILE_CATEGORIES.filter((category) => named.includes(category));
  if (categories.length === 0 || categories.length !== new Set(named).size) throw fieldError('categories', FILE_MESSAGES.noCategory);
  return categories;
}

/** The refusal of a name already taken in a category (the spec's wording). */
async function checkNameFree(scope: Scope, accountId: string, categories: FileCategory[], filename: string) {
  for (const category of categories) {
    if (await repo.findByName(scope.db, scope.userId, accountId, category, filename)) {
      throw fieldError('file', FILE_MESSAGES.duplicate(category, filename), 'CONFLICT');
    }
  }
}

/** Passes the upload through, counting its sha256. */
async function* hashing(stream: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * An upload (spec: Upload dialog): the form's categories first, then one file. The file streams to
 * storage once (under its first category; a second category gets a copy), rows are inserted, and
 * each knowledge document is queued for text extraction. Anything refused leaves nothing stored.
 */
export async function uploadFile(
  deps: Scope & Pick<Deps, 'files' | 'queue' | 'clock'> & { accountId: string; parts: AsyncIterable<UploadPart>; maxBytes: number },
): Promise<{ files: StoredFile[]; message: string }> {
  const { db, userId, accountId, files } = deps;
  await requireAccount(deps, accountId);
  const fields = new Map<string, string[]>();
  const stored: string[] = [];
  let upload: { filename: string; size: number; sha256: string; contentType: string | null; categories: FileCategory[] } | undefined;
  try {
    for await (const part of deps.parts) {
      if (part.kind === 'field') {
        fields.set(part.name, [...(fields.get(part.name) ?? []), part.value]);
        continue;
      }
      if (part.name !== 'file' || upload) throw fieldError('file', 'Send one file, in the field "file".');
      const categories = categoriesOf(fields);
      const filename = displayName(part.filename);
      const extension = extensionOf(filename);
      if (categories.includes('knowledge') && !(KNOWLEDGE_EXTENSIONS as readonly string[]).includes(extension ?? '')) {
        throw fieldError('file', FILE_MESSAGES.knowledgeTypes);
      }
      await checkNameFree(deps, accountId, categories, filename);
      const hash = createHash('sha256');
      const key = storageKey(categories[0]!, userId, accountId, filename, deps.clock.now());
      const contentType = part.mimeType && part.mimeType !== 'application/octet-stream' ? part.mimeType : null;
      const { size } = await files.put(key, hashing(part.stream, hash), {
        maxBytes: deps.maxBytes,
        ...(contentType ? { contentType } : {}),
      });
      stored.push(key);
      upload = { filename, size, sha256: hash.digest('hex'), contentType, categories };
    }
    if (!upload) throw fieldError('file', FILE_MESSAGES.noFile);
    const { filename, categories } = upload;
    const keys = [stored[0]!];
    for (const category of categories.slice(1)) {
      const copy = storageKey(category, userId, accountId, filename, deps.clock.now());
      await files.put(copy, await files.get(stored[0]!));
      stored.push(copy);
      keys.push(copy);
    }
    const rows = categories.map((source, i) => ({
      source,
      emailAccountId: accountId,
      filename,
      filePath: keys[i]!,
      fileType: extensionOf(filename),
      contentType: upload!.contentType,
      fileSize: upload!.size,
      contentSha256: upload!.sha256,
    }));
    const ids = await repo.insertFiles(db, userId, rows);
    // Another upload of the same name won the race.
    if (!ids) throw fieldError('file', FILE_MESSAGES.duplicate(categories[0]!, filename), 'CONFLICT');
    stored.length = 0;
    for (const [i, source] of categories.entries()) {
      if (source === 'knowledge') await deps.queue.enqueue(extractTextJob, { userId, documentId: ids[i]! });
    }
    await notifyChanged(db, userId, accountId);
    const created = await Promise.all(categories.map(async (source, i) => (await repo.findFile(db, userId, source, ids[i]!))!));
    return {
      files: created.map(toStoredFile),
      message: categories.length === 1 ? FILE_MESSAGES.uploaded(categories[0]!) : FILE_MESSAGES.uploadedAs(categories),
    };
  } catch (error) {
    for (const key of stored) await files.remove(key).catch(() => {});
    if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge(deps.maxBytes));
    throw error;
  }
}

export async function deleteFile({ db, userId, files, source, id }: Scope & Pick<Deps, 'files'> & { source: FileCategory; id: string }) {
  const record = await repo.findFile(db, userId, source, id);
  const key = record && (await repo.deleteFile(db, userId, source, id));
  if (!record || !key) throw new AppError('NOT_FOUND', 'File not found');
  // The row first: a file left behind is harmless, a row without its file is not.
  await files.remove(key);
  await notifyChanged(db, userId, record.emailAccountId);
}

/**
 * Add to category (spec: download the file, upload it to the other bucket, insert the row). The
 * same file already there is no error ('File already exists as ...'); another file of that name is.
 */
export async function addToCategory(
  deps: Scope & Pick<Deps, 'files' | 'queue' | 'clock'> & { source: FileCategory; id: string; category: FileCategory },
): Promise<{ file: StoredFile; created: boolean; message: string }> {
  const { db, userId, files, category } = deps;
  const record = await repo.findFile(db, userId, deps.source, deps.id);
  if (!record) throw new AppError('NOT_FOUND', 'File not found');
  if (category === deps.source) return { file: toStoredFile(record), created: false, message: FILE_MESSAGES.alreadyExistsAs(category) };
  const existing = await repo.findByName(db, userId, record.emailAccountId, category, record.filename);
  if (existing) {
    if (existing.contentSha256 && existing.contentSha256 === record.contentSha256) {
      const file = await repo.findFile(db, userId, category, existing.id);
      return { file: toStoredFile(file!), created: false, message: FILE_MESSAGES.alreadyExistsAs(category) };
    }
    throw fieldError('file', FILE_MESSAGES.duplicateInOtherCategory(category, record.filename), 'CONFLICT');
  }
  if (category === 'knowledge' && !(KNOWLEDGE_EXTENSIONS as readonly string[]).includes(record.fileType ?? '')) {
    throw fieldError('file', FILE_MESSAGES.knowledgeTypes);
  }
  const key = storageKey(category, userId, record.emailAccountId, record.filename, deps.clock.now());
  await files.put(key, await files.get(record.filePath));
  const {
    source: _source,
    id: _id,
    createdAt: _createdAt,
    passages: _passages,
    status: _status,
    errorMessage: _error,
    autoAttach: _auto,
    ...copy
  } = record;
  const ids = await repo.insertFiles(db, userId, [{ ...copy, filePath: key, contentSha256: record.contentSha256 ?? '', source: category }]);
  if (!ids) {
    await files.remove(key);
    throw fieldError('file', FILE_MESSAGES.duplicateInOtherCategory(category, record.filename), 'CONFLICT');
  }
  if (category === 'knowledge') await deps.queue.enqueue(extractTextJob, { userId, documentId: ids[0]! });
  await notifyChanged(db, userId, record.emailAccountId);
  const file = await repo.findFile(db, userId, category, ids[0]!);
  return { file: toStoredFile(file!), created: true, message: FILE_MESSAGES.addedAs(category) };
}

export async function setAutoAttach({ db, userId, id, autoAttach }: Scope & { id: string; autoAttach: boolean }): Promise<StoredFile> {
  if (!(await repo.setAutoAttach(db, userId, id, autoAttach))) throw new AppError('NOT_FOUND', 'File not found');
  const file = (await repo.findFile(db, userId, 'attachment', id))!;
  await notifyChanged(db, userId, file.emailAccountId);
  return toStoredFile(file);
}

/** A file's bytes, as stored, with what the browser needs to save it under its name. */
export async function openFile({ db, userId, files, source, id }: Scope & Pick<Deps, 'files'> & { source: FileCategory; id: string }) {
  const record = await repo.findFile(db, userId, source, id);
  if (!record) throw new AppError('NOT_FOUND', 'File not found');
  const stream: Readable = await files.get(record.filePath);
  return { stream, filename: record.filename, contentType: record.contentType ?? 'application/octet-stream', size: record.fileSize };
}

/**
 * The text-extraction job of one knowledge document: uploaded -> processing -> processed (its
 * chunks searchable), or failed with a reason the user can act on. Runs again safely.
 */
export async function extractDocumentText(
  { db, files, extractText, queue }: Pick<Deps, 'db' | 'files' | 'extractText' | 'queue'>,
  { userId, documentId }: { userId: string; documentId: string },
) {
  const record = await repo.findFile(db, userId, 'knowledge', documentId);
  if (!record) return;
  await repo.setKnowledgeStatus(db, userId, documentId, 'processing');
  await notifyChanged(db, userId, record.emailAccountId);
  const stream = await files.get(record.filePath);
  const bytes = Buffer.concat(await stream.toArray());
  const result = await extractText({ bytes, fileType: record.fileType ?? '' });
  if (!result.ok) {
    logger.info({ documentId, fileType: record.fileType, reason: result.reason }, 'knowledge document could not be read');
    await repo.setKnowledgeStatus(db, userId, documentId, 'failed', result.reason);
  } else {
    await repo.saveChunks(db, userId, documentId, chunkBlocks(result.blocks));
    await queue.enqueue(analyzeKnowledgeJob, {}, { startAfterSeconds: ANALYZE_DELAY_SECONDS });
  }
  await notifyChanged(db, userId, record.emailAccountId);
}

/** The statistics are refreshed this long after a document is read (documents read meanwhile share it). */
const ANALYZE_DELAY_SECONDS = 5;

/** The analyzeKnowledgeJob: fresh planner statistics for the knowledge passages. */
export async function analyzeKnowledge({ db }: Pick<Deps, 'db'>) {
  await repo.analyzeChunks(db);
}

/** Passages looked at before they are ordered by their documents. */
const PASSAGE_POOL = 30;
/**
 * At most this many passages of one document are answered: past that, a long guide that mentions
 * everything would hide the other documents, and drafting learns more from a second source than
 * from a fourth passage of the first.
 */
const MAX_PASSAGES_PER_DOCUMENT = 3;

/**
 * Passages ordered by how well their document answers, then by their own score: a document whose
 * several passages match (the returns policy for a question about sending boots back) comes before
 * one that matches once by chance (a line of the FAQ). A document scores its best passage plus half
 * its second.
 */
function rankByDocument<T extends { documentId: string; score: number }>(passages: T[]): T[] {
  const byDocument = new Map<string, number[]>();
  for (const passage of passages) byDocument.set(passage.documentId, [...(byDocument.get(passage.documentId) ?? []), passage.score]);
  const documentScore = new Map([...byDocument].map(([id, scores]) => [id, (scores[0] ?? 0) + 0.5 * (scores[1] ?? 0)]));
  const ranked = [...passages].sort((a, b) => documentScore.get(b.documentId)! - documentScore.get(a.documentId)! || b.score - a.score);
  const taken = new Map<string, number>();
  return ranked.filter((passage) => {
    const count = (taken.get(passage.documentId) ?? 0) + 1;
    taken.set(passage.documentId, count);
    return count <= MAX_PASSAGES_PER_DOCUMENT;
  });
}

/**
 * The passages of the account's knowledge base that answer `text` (an incoming email, or what the
 * user typed into the Knowledge Base search), best first, with their BM25 scores and documents.
 */
export async function searchKnowledge({
  db,
  userId,
  accountId,
  text,
  limit,
}: Scope & { accountId: string; text: string; limit: number }): Promise<KnowledgePassage[]> {
  const lexemes = await repo.lexemesOf(db, userId, accountId, text.slice(0, 20_000), QUERY_STOP_WORDS);
  const totals = lexemes.find((l) => l.lexeme === '');
  const totalChunks = totals?.chunks ?? 0;
  if (totalChunks === 0) return [];
  const terms = queryTerms(
    lexemes.filter((l) => l.lexeme !== ''),
    totalChunks,
  );
  const candidates = await repo.scoreChunks(
    db,
    userId,
    accountId,
    terms,
    candidateTerms(terms),
    (totals?.tokens ?? 0) / totalChunks,
    Math.max(limit, PASSAGE_POOL),
  );
  const scored = rankByDocument(candidates).slice(0, limit);
  return scored.map((chunk) => ({
    chunkId: chunk.chunkId,
    documentId: chunk.documentId,
    filename: chunk.filename,
    content: chunk.content,
    matchedTerms: chunk.matched,
    score: Math.round(chunk.score * 1000) / 1000,
  }));
}

/** The same search for the Knowledge Base screen, for one of the user's accounts. */
export async function searchAccountKnowledge(scope: Scope & { accountId: string; text: string; limit: number }) {
  await requireAccount(scope, scope.accountId);
  return searchKnowledge(scope);
}

/** Removes every stored file of an account (its knowledge documents and attachments), with the account. */
export async function removeAccountFiles({ files, userId, accountId }: Pick<Deps, 'files'> & { userId: string; accountId: string }) {
  for (const bucket of Object.values(BUCKET)) await files.removePrefix(`${bucket}/${userId}/${accountId}`);
}

/** An incoming email's words the suggestions read: its subject and the start of its body. */
const SUGGESTION_TEXT_CHARS = 8000;
/** The history compares an email by at most this many of its words (its most repeated). */
const SUGGESTION_HISTORY_TERMS = 48;

/**
 * The files of the account's attachment library that fit an incoming email, best first: from the
 * file's name, its text when it is also a knowledge document, and the files the user attached when
 * replying to similar mail (drafting offers them; `autoAttach` says which it may attach unasked).
 */
export async function suggestAttachments({
  db,
  userId,
  accountId,
  email,
  k,
}: Scope & { accountId: string; email: { subject: string | null; bodyText: string | null }; k: number }): Promise<
  { file: StoredFile; score: number; reasons: SuggestionReason[] }[]
> {
  const text = `${email.subject ?? ''}\n\n${email.bodyText ?? ''}`.slice(0, SUGGESTION_TEXT_CHARS);
  const files = await repo.suggestionCandidates(db, userId, accountId);
  if (files.length === 0 || !text.trim()) return [];
  const lexemes = await repo.lexemesOfText(db, text, QUERY_STOP_WORDS);
  const [passages, history] = await Promise.all([
    files.some((file) => file.knowledgeDocumentId) ? searchKnowledge({ db, userId, accountId, text, limit: 30 }) : [],
    listRepliedAttachments({ db, userId, accountId, lexemes: lexemes.slice(0, SUGGESTION_HISTORY_TERMS) }),
  ]);
  const scored = scoreSuggestions(files, new Set(lexemes), passages, history).slice(0, k);
  const suggestions = [];
  for (const { id, score, reasons } of scored) {
    const file = await repo.findFile(db, userId, 'attachment', id);
    if (file) suggestions.push({ file: toStoredFile(file), score, reasons });
  }
  return suggestions;
}

/** The suggestions for one stored email of the user (the Emails view, drafting by email id). */
export async function suggestAttachmentsForEmail({ db, userId, emailId, k }: Scope & { emailId: string; k: number }) {
  const email = await getEmail({ db, userId, emailId });
  return suggestAttachments({ db, userId, accountId: email.emailAccountId, email, k });
}

/**
 * "Add to library" on an attachment of the user's mail (sent mail in the Emails view): its bytes are
 * fetched from the mailbox and uploaded into the email's account under the upload's rules (names,
 * knowledge types, extraction). A category already holding this very file is no error.
 */
export async function addEmailAttachmentToLibrary(
  deps: MailboxReadDeps &
    Pick<Deps, 'files' | 'queue' | 'clock'> & {
      userId: string;
      emailId: string;
      attachmentId: string;
      categories: FileCategory[];
      maxBytes: number;
    },
): Promise<{ files: StoredFile[]; created: boolean; message: string }> {
  const { db, userId } = deps;
  const email = await getEmail({ db, userId, emailId: deps.emailId });
  const accountId = email.emailAccountId;
  const attachment = await readEmailAttachment(deps, {
    userId,
    emailId: deps.emailId,
    attachmentId: deps.attachmentId,
    maxBytes: deps.maxBytes,
  });
  const filename = displayName(attachment.filename);
  const sha256 = createHash('sha256').update(attachment.content).digest('hex');
  const categories = FILE_CATEGORIES.filter((category) => deps.categories.includes(category));
  const present: StoredFile[] = [];
  const missing: FileCategory[] = [];
  for (const category of categories) {
    const same = await repo.findByName(db, userId, accountId, category, filename);
    const file = same?.contentSha256 === sha256 ? await repo.findFile(db, userId, category, same.id) : undefined;
    if (file) present.push(toStoredFile(file));
    else missing.push(category);
  }
  if (missing.length === 0) return { files: present, created: false, message: FILE_MESSAGES.alreadyExistsAs(categories[0]!) };
  async function* parts(): AsyncGenerator<UploadPart> {
    yield { kind: 'field', name: 'categories', value: missing.join(',') };
    yield {
      kind: 'file',
      name: 'file',
      filename,
      mimeType: attachment.contentType ?? 'application/octet-stream',
      stream: Readable.from([Buffer.from(attachment.content)]),
    };
  }
  const uploaded = await uploadFile({ ...deps, accountId, parts: parts() });
  return { files: [...present, ...uploaded.files], created: true, message: uploaded.message };
}
