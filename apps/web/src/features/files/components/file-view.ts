import { FILE_MESSAGES, FILES_LABELS, type FileCategory, KNOWLEDGE_EXTENSIONS, type StoredFile } from '@penman/contract';

// What the Knowledge Base and Attachments screens show of the files, and what the upload dialog
// checks before it sends one. Pure, so it is tested without a browser.

export type StatusView =
  | { kind: 'waiting' | 'reading'; label: string }
  | { kind: 'ready'; label: string; detail: string }
  | { kind: 'failed'; label: string; detail: string | null };

/**
 * A knowledge document's status as the user reads it. The spec shows a processed document as
 * 'Training AI' (part 1: "'processing' is shown as 'Training AI' once processed"; part 2: "processing
 * becomes processed, shown as 'Training AI'"); before that it is waiting or being read, and a failure
 * says why. Attachments have no status.
 */
export function fileStatusView(file: Pick<StoredFile, 'status' | 'errorMessage' | 'passages'>): StatusView | null {
  switch (file.status) {
    case null:
      return null;
    case 'uploaded':
      return { kind: 'waiting', label: FILES_LABELS.status.waiting };
    case 'processing':
      return { kind: 'reading', label: FILES_LABELS.status.processing };
    case 'processed':
      return { kind: 'ready', label: FILE_MESSAGES.processingLabel, detail: FILES_LABELS.passages(file.passages ?? 0) };
    case 'failed':
      return { kind: 'failed', label: FILES_LABELS.status.failed, detail: file.errorMessage };
  }
}

export const otherCategory = (category: FileCategory): FileCategory => (category === 'knowledge' ? 'attachment' : 'knowledge');

const FILE_CATEGORIES_IN_ORDER: FileCategory[] = ['knowledge', 'attachment'];

export type ScreenFile = { file: StoredFile; categories: FileCategory[] };

/**
 * The files of one screen (its category), newest first as the server lists them, each with the
 * categories it is in: a file is the same in both when the other category holds one of its name
 * (names are unique per category and account).
 */
export function filesOfScreen(files: readonly StoredFile[], mode: FileCategory): ScreenFile[] {
  const other = otherCategory(mode);
  const otherNames = new Set(files.filter((file) => file.source === other).map((file) => file.filename));
  return files
    .filter((file) => file.source === mode)
    .map((file) => ({ file, categories: otherNames.has(file.filename) ? FILE_CATEGORIES_IN_ORDER : [mode] }));
}

/** Whether the knowledge search has anything to look in: no document, documents still being read, or some read. */
export function knowledgeState(files: readonly ScreenFile[]): 'empty' | 'reading' | 'ready' {
  if (files.some(({ file }) => file.status === 'processed')) return 'ready';
  return files.some(({ file }) => file.status === 'uploaded' || file.status === 'processing') ? 'reading' : 'empty';
}

export const extensionOf = (name: string): string | null => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? null;

/** The `accept` of the file input: knowledge types while only the Knowledge Base is chosen, else anything. */
export function acceptedTypes(categories: readonly FileCategory[]): string | undefined {
  return categories.includes('knowledge') ? KNOWLEDGE_EXTENSIONS.map((extension) => `.${extension}`).join(',') : undefined;
}

type UploadCheck = {
  file: Pick<File, 'name'> | null;
  categories: readonly FileCategory[];
  /** The account's files, to refuse a name already taken in a chosen category. */
  existing: readonly Pick<StoredFile, 'filename' | 'source'>[];
};

/**
 * Why the dialog cannot send this upload yet, in the spec's words (the server checks the same and
 * has the last word), or null. The field it belongs to decides where the message shows.
 */
export function uploadProblem({ file, categories, existing }: UploadCheck): { field: 'file' | 'categories'; message: string } | null {
  if (categories.length === 0) return { field: 'categories', message: FILE_MESSAGES.noCategory };
  if (!file) return { field: 'file', message: FILE_MESSAGES.noFile };
  const extension = extensionOf(file.name);
  if (categories.includes('knowledge') && !(KNOWLEDGE_EXTENSIONS as readonly string[]).includes(extension ?? '')) {
    return { field: 'file', message: FILE_MESSAGES.knowledgeTypes };
  }
  for (const category of categories) {
    if (existing.some((other) => other.source === category && other.filename === file.name)) {
      return { field: 'file', message: FILE_MESSAGES.duplicate(category, file.name) };
    }
  }
  return null;
}

/** The toast title of a failed upload: the category's wording for one category, the general one for both. */
export function uploadFailureTitle(categories: readonly FileCategory[]): string {
  return categories.length === 1 ? FILE_MESSAGES.uploadFailedAs(categories[0]!) : FILE_MESSAGES.uploadFailed;
}

/** A heading path is at most this long (the server's chunker cuts longer ones to 200 characters and an ellipsis). */
const MAX_HEADING_CHARS = 201;

/**
 * A passage as the server stores it: its heading path ("Returns › Refunds"), a blank line, then its
 * paragraphs; without headings, paragraphs only. The first block is a heading path when it is
 * short, one line, ends without a sentence's punctuation, and more text follows.
 */
export function splitPassage(content: string): { heading: string | null; text: string } {
  const blank = content.indexOf('\n\n');
  if (blank <= 0) return { heading: null, text: content };
  const first = content.slice(0, blank);
  const looksLikeHeading = first.length <= MAX_HEADING_CHARS && !first.includes('\n') && !/[.!?:;]$/.test(first.trim());
  return looksLikeHeading ? { heading: first, text: content.slice(blank + 2) } : { heading: null, text: content };
}

export type TextSegment = { text: string; match: boolean };

/** How many letters a word and a search stem must share for the word to count as found. */
const MIN_SHARED = 3;

/**
 * Whether a word of the passage is one the search matched. The server reports stems of PostgreSQL's
 * English configuration ('refund', 'polici', 'deliveri'): a word matches when it starts with the
 * stem, or the stem is the word with its last letter changed (policy → polici).
 */
export function wordMatchesStem(word: string, stem: string): boolean {
  const w = word.toLowerCase();
  if (stem.length < 2 || w.length < 2) return false;
  if (w.startsWith(stem)) return true;
  if (stem.length < MIN_SHARED + 1) return false;
  return w.length >= stem.length - 1 && w.startsWith(stem.slice(0, -1)) && w.length <= stem.length + 3;
}

/** The passage's text cut into segments, the words the search matched marked for highlighting. */
export function highlightSegments(text: string, stems: readonly string[]): TextSegment[] {
  const lowered = stems.map((stem) => stem.toLowerCase()).filter(Boolean);
  const segments: TextSegment[] = [];
  const push = (part: string, match: boolean) => {
    const last = segments.at(-1);
    if (last && last.match === match) last.text += part;
    else segments.push({ text: part, match });
  };
  for (const part of text.split(/([\p{L}\p{N}]+(?:['’][\p{L}]+)?)/u)) {
    if (!part) continue;
    const isWord = /^[\p{L}\p{N}]/u.test(part);
    push(part, isWord && lowered.some((stem) => wordMatchesStem(part.replace(/['’].*$/, ''), stem)));
  }
  return segments;
}
