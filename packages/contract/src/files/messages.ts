import { formatFileSize } from '../platform/file-size.ts';

/** Upload categories (spec part 1, section 3). */
export const FILE_CATEGORIES = ['knowledge', 'attachment'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** Knowledge uploads accept these extensions; attachment uploads accept any type (spec part 1, section 5). */
export const KNOWLEDGE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'md'] as const;

const noun = { knowledge: 'knowledge document', attachment: 'attachment' } as const;
const capitalised = { knowledge: 'Knowledge document', attachment: 'Attachment' } as const;
const article = { knowledge: 'A', attachment: 'An' } as const;

/** Every message of the spec's Files rows (errors, successes and validation), word for word. */
export const FILE_MESSAGES = {
  noCategory: 'At least one category must be selected',
  duplicate: (category: FileCategory, file: string) =>
    `${article[category]} ${noun[category]} with the name "${file}" already exists. Please rename the file or choose a different one.`,
  duplicateInOtherCategory: (category: FileCategory, file: string) =>
    `${article[category]} ${noun[category]} with the name "${file}" already exists.`,
  alreadyExistsAs: (category: FileCategory) => `File already exists as ${noun[category]}`,
  loadFailed: 'Failed to load files',
  uploadFailedAs: (category: FileCategory) => `Failed to upload ${noun[category]}`,
  uploadFailed: 'Failed to upload file',
  deleteFailed: 'Failed to delete file',
  addFailedAs: (category: FileCategory) => `Failed to add file as ${noun[category]}`,
  uploaded: (category: FileCategory) => `${capitalised[category]} uploaded successfully`,
  deleted: 'File deleted successfully',
  addedAs: (category: FileCategory) => `File added as ${noun[category]}`,
  uploadedAs: (categories: readonly FileCategory[]) => `File uploaded as ${categories.map((category) => noun[category]).join(' and ')}`,
  needsAccount: 'Uploading documents needs at least one connected email account.',
  // Ours: the spec names the accepted types but no message for others.
  knowledgeTypes: 'Knowledge documents can be .pdf, .doc, .docx, .txt or .md files.',
  noFile: 'Choose a file to upload.',
  tooLarge: (maxBytes: number) => `The file is larger than this server accepts (${formatFileSize(maxBytes)}).`,
  /** The status 'processing' is shown as 'Training AI' (spec part 1, section 2). */
  processingLabel: 'Training AI',
} as const;
