import { FILE_MESSAGES, type StoredFile } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptedTypes,
  fileStatusView,
  filesOfScreen,
  highlightSegments,
  knowledgeState,
  splitPassage,
  uploadFailureTitle,
  uploadProblem,
  wordMatchesStem,
} from './file-view.ts';

const stored = (over: Partial<StoredFile>): StoredFile => ({
  id: 'f1',
  emailAccountId: 'a1',
  filename: 'prices.pdf',
  fileType: 'pdf',
  contentType: 'application/pdf',
  fileSize: 1000,
  createdAt: '2026-01-01T00:00:00.000Z',
  source: 'knowledge',
  status: 'processed',
  errorMessage: null,
  passages: 4,
  autoAttach: null,
  ...over,
});

describe('fileStatusView', () => {
  it.each([
    [{ status: 'uploaded' as const }, { kind: 'waiting', label: 'Waiting to be read' }],
    [{ status: 'processing' as const }, { kind: 'reading', label: 'Reading' }],
    [
      { status: 'processed' as const, passages: 1 },
      { kind: 'ready', label: 'Training AI', detail: '1 passage Penman can quote' },
    ],
    [
      { status: 'processed' as const, passages: 12 },
      { kind: 'ready', label: 'Training AI', detail: '12 passages Penman can quote' },
    ],
    [
      { status: 'failed' as const, errorMessage: 'This PDF is protected by a password.' },
      { kind: 'failed', label: 'Failed', detail: 'This PDF is protected by a password.' },
    ],
  ])('%o is shown as %o', (file, view) => {
    expect(fileStatusView(stored(file))).toEqual(view);
  });

  it('shows no status for an attachment', () => {
    expect(fileStatusView(stored({ source: 'attachment', status: null, passages: null }))).toBeNull();
  });
});

describe('filesOfScreen', () => {
  const files = [
    stored({ id: 'k2', filename: 'faq.docx' }),
    stored({ id: 'a1', source: 'attachment', filename: 'faq.docx', status: null }),
    stored({ id: 'a2', source: 'attachment', filename: 'form.xlsx', status: null }),
    stored({ id: 'k1', filename: 'prices.pdf' }),
  ];

  it("keeps the screen's category in the server's order, with the categories each file is in", () => {
    expect(filesOfScreen(files, 'knowledge').map(({ file, categories }) => [file.id, categories])).toEqual([
      ['k2', ['knowledge', 'attachment']],
      ['k1', ['knowledge']],
    ]);
    expect(filesOfScreen(files, 'attachment').map(({ file, categories }) => [file.id, categories])).toEqual([
      ['a1', ['knowledge', 'attachment']],
      ['a2', ['attachment']],
    ]);
  });
});

describe('knowledgeState', () => {
  const entry = (status: StoredFile['status']) => ({ file: stored({ status }), categories: ['knowledge' as const] });

  it('searches once a document is read, and says why not before', () => {
    expect(knowledgeState([])).toBe('empty');
    expect(knowledgeState([entry('failed')])).toBe('empty');
    expect(knowledgeState([entry('uploaded'), entry('failed')])).toBe('reading');
    expect(knowledgeState([entry('processing'), entry('processed')])).toBe('ready');
  });
});

describe('uploadProblem', () => {
  const existing = [
    { filename: 'prices.pdf', source: 'knowledge' as const },
    { filename: 'brochure.pdf', source: 'attachment' as const },
  ];
  const file = (name: string) => ({ name });

  it('asks for a category first, then a file', () => {
    expect(uploadProblem({ file: file('a.pdf'), categories: [], existing })).toEqual({
      field: 'categories',
      message: 'At least one category must be selected',
    });
    expect(uploadProblem({ file: null, categories: ['knowledge'], existing })?.field).toBe('file');
  });

  it('refuses types the knowledge base cannot read, but not as an attachment only', () => {
    expect(uploadProblem({ file: file('photo.png'), categories: ['knowledge'], existing })?.message).toBe(FILE_MESSAGES.knowledgeTypes);
    expect(uploadProblem({ file: file('photo.png'), categories: ['knowledge', 'attachment'], existing })?.message).toBe(
      FILE_MESSAGES.knowledgeTypes,
    );
    expect(uploadProblem({ file: file('photo.png'), categories: ['attachment'], existing })).toBeNull();
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.txt', 'e.md']) {
      expect(uploadProblem({ file: file(name), categories: ['knowledge'], existing })).toBeNull();
    }
  });

  it("refuses a name taken in a chosen category, in the spec's words", () => {
    expect(uploadProblem({ file: file('prices.pdf'), categories: ['knowledge'], existing })?.message).toBe(
      'A knowledge document with the name "prices.pdf" already exists. Please rename the file or choose a different one.',
    );
    expect(uploadProblem({ file: file('brochure.pdf'), categories: ['knowledge', 'attachment'], existing })?.message).toBe(
      'An attachment with the name "brochure.pdf" already exists. Please rename the file or choose a different one.',
    );
    expect(uploadProblem({ file: file('prices.pdf'), categories: ['attachment'], existing })).toBeNull();
  });
});

describe('upload wording', () => {
  it("names the category of a failed upload, or the file when it had both (spec's Files row)", () => {
    expect(uploadFailureTitle(['knowledge'])).toBe('Failed to upload knowledge document');
    expect(uploadFailureTitle(['attachment'])).toBe('Failed to upload attachment');
    expect(uploadFailureTitle(['knowledge', 'attachment'])).toBe('Failed to upload file');
  });

  it('lets the file picker offer the knowledge types only while the Knowledge Base is chosen', () => {
    expect(acceptedTypes(['knowledge'])).toBe('.pdf,.doc,.docx,.txt,.md');
    expect(acceptedTypes(['attachment'])).toBeUndefined();
  });
});

describe('splitPassage', () => {
  it('separates the heading path the server puts before a passage', () => {
    expect(splitPassage('Returns › Refunds\n\nWe refund within 14 days.\n\nKeep the receipt.')).toEqual({
      heading: 'Returns › Refunds',
      text: 'We refund within 14 days.\n\nKeep the receipt.',
    });
  });

  it('keeps a passage without headings whole, even when its first paragraph is short', () => {
    expect(splitPassage('Thank you for shopping with us.\n\nMore text.')).toEqual({
      heading: null,
      text: 'Thank you for shopping with us.\n\nMore text.',
    });
    expect(splitPassage('Just one paragraph')).toEqual({ heading: null, text: 'Just one paragraph' });
  });
});

describe('highlighting the words the search matched', () => {
  it.each([
    ['refunds', 'refund', true],
    ['Policy', 'polici', true],
    ['delivery', 'deliveri', true],
    ['shipping', 'ship', true],
    ['boots', 'boot', true],
    ['price', 'polici', false],
    ['a', 'a', false],
    ['return', 'refund', false],
  ])('%s for the stem %s: %s', (word, stem, expected) => {
    expect(wordMatchesStem(word, stem)).toBe(expected);
  });

  it('marks matched words and keeps every character of the text', () => {
    const text = 'Our returns policy: refunds in 14 days, no questions.';
    const segments = highlightSegments(text, ['return', 'polici', 'refund']);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(segments.filter((segment) => segment.match).map((segment) => segment.text)).toEqual(['returns', 'policy', 'refunds']);
  });
});
