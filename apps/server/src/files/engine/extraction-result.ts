import { FILE_MESSAGES } from '@penman/contract';
import type { TextBlock } from './chunk-text.ts';

/** What reading a document gives: its blocks, or in the user's words what is wrong with the file. */
export type ExtractionResult = { ok: true; blocks: TextBlock[] } | { ok: false; reason: string };

/** Longer documents are refused: reading them would hold the worker for minutes. */
export const MAX_PDF_PAGES = 2000;

export const EXTRACTION_MESSAGES = {
  encrypted: 'This PDF is protected with a password. Upload a copy without the password.',
  noText: 'No text could be read from this file. If it is a scan, upload a version with a text layer (run text recognition on it first).',
  tooManyPages: (pages: number) =>
    `This PDF has ${pages.toLocaleString('en-US')} pages; Penman reads documents of up to ${MAX_PDF_PAGES.toLocaleString('en-US')} pages.`,
  damaged: (kind: string) => `This ${kind} file could not be read: it may be damaged or in another format.`,
  unsupported: FILE_MESSAGES.knowledgeTypes,
  tooLargeInside:
    'This document unpacks to more than 200 MB of content; Penman does not read it. It may be damaged or built to exhaust memory.',
  tooSlow: 'Reading this file took too long; it may be damaged or unusually complex. Try a smaller or simpler copy.',
  overMemory: 'This file needs more memory to read than Penman allows; it may be damaged or built to exhaust memory.',
} as const;
