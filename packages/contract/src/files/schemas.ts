import { z } from 'zod';
import { ZText } from '../platform/input.ts';
import { FILE_CATEGORIES } from './messages.ts';

export const KNOWLEDGE_STATUSES = ['uploaded', 'processing', 'processed', 'failed'] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/**
 * One row of the merged file view (spec part 1, section 3): a knowledge document or an attachment
 * of the library. `status` is a knowledge document's (attachments have none); `autoAttach` an
 * attachment's.
 */
export const ZStoredFile = z.object({
  id: z.string(),
  emailAccountId: z.string(),
  filename: z.string(),
  fileType: z.string().nullable(),
  contentType: z.string().nullable(),
  fileSize: z.number().int(),
  createdAt: z.string(),
  source: z.enum(FILE_CATEGORIES),
  status: z.enum(KNOWLEDGE_STATUSES).nullable(),
  /** Why text extraction failed, in words a user can act on. */
  errorMessage: z.string().nullable(),
  /** Chunks of text Penman can quote (knowledge documents once processed). */
  passages: z.number().int().nullable(),
  autoAttach: z.boolean().nullable(),
});
export type StoredFile = z.infer<typeof ZStoredFile>;

export const ZListFilesQuery = z.object({ source: z.enum(FILE_CATEGORIES).optional() });

export const ZListFilesResponse = z.object({ files: z.array(ZStoredFile) });

/** What an upload made: one row per category, and the spec's success message. */
export const ZUploadFilesResponse = z.object({ files: z.array(ZStoredFile), message: z.string() });

export const ZAddToCategoryRequest = z.object({ category: z.enum(FILE_CATEGORIES) });
/** `created` false: the file was already in that category ('File already exists as ...', informational). */
export const ZAddToCategoryResponse = z.object({ file: ZStoredFile, created: z.boolean(), message: z.string() });

export const ZUpdateAttachmentRequest = z.object({ autoAttach: z.boolean() });
export const ZUpdateAttachmentResponse = z.object({ file: ZStoredFile });

export const KNOWLEDGE_SEARCH_MAX_CHARS = 4000;

export const ZKnowledgeSearchQuery = z.object({
  q: ZText.trim().min(1).max(KNOWLEDGE_SEARCH_MAX_CHARS),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

/** A passage of a knowledge document that answers a text, as drafting would quote it. */
export const ZKnowledgePassage = z.object({
  chunkId: z.string(),
  documentId: z.string(),
  filename: z.string(),
  content: z.string(),
  /** The words of the query found in it (stems as the search matched them), for highlighting. */
  matchedTerms: z.array(z.string()),
  score: z.number(),
});
export type KnowledgePassage = z.infer<typeof ZKnowledgePassage>;

export const ZKnowledgeSearchResponse = z.object({ passages: z.array(ZKnowledgePassage) });

export const SUGGESTION_REASONS = ['name', 'content', 'history'] as const;

export const ZSuggestedAttachmentsQuery = z.object({ k: z.coerce.number().int().min(1).max(20).default(5) });

/**
 * A file of the attachment library that fits an email: why (its name, its text, or the user sent it
 * in replies to similar mail), and `file.autoAttach`, whether drafting may attach it without asking.
 */
export const ZSuggestedAttachment = z.object({ file: ZStoredFile, score: z.number(), reasons: z.array(z.enum(SUGGESTION_REASONS)) });

export const ZSuggestedAttachmentsResponse = z.object({ suggestions: z.array(ZSuggestedAttachment) });

/** "Add to library" on an attachment of an email: the categories it is copied into. */
export const ZAddEmailAttachmentRequest = z.object({ categories: z.array(z.enum(FILE_CATEGORIES)).min(1).max(FILE_CATEGORIES.length) });
/** `created` false: the same file was already there ('File already exists as ...'). */
export const ZAddEmailAttachmentResponse = z.object({ files: z.array(ZStoredFile), created: z.boolean(), message: z.string() });
