/**
 * A document's text as blocks (headings and paragraphs), and the passages Penman quotes from it.
 * Pure: the extractors (PDF, DOCX, DOC, TXT, Markdown) turn files into blocks, drafting quotes the
 * chunks. A chunk is one or more paragraphs under one heading, prefixed with the path of headings
 * above it, so a passage read alone still says what it is about ("Returns › Refunds: ...").
 */

export type TextBlock = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

/** A chunk grows paragraph by paragraph up to about this many characters... */
const TARGET_CHARS = 900;
/** ...and a paragraph longer than this is cut at sentence ends. */
const MAX_CHARS = 1600;
/** A heading path longer than this is cut from its start (the nearest headings matter most). */
const MAX_CONTEXT_CHARS = 200;

const collapse = (text: string) => text.replace(/[ \t\f\v\u00a0]+/g, ' ').trim();

/** Splits `text` at sentence ends into pieces of at most MAX_CHARS (a sentence longer than that at spaces). */
function splitLong(text: string): string[] {
  if (text.length <= MAX_CHARS) return [text];
  const sentences = text.match(/[^.!?]+(?:[.!?]+["')\]]*\s*|$)/g) ?? [text];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > MAX_CHARS) {
      pieces.push(current.trim());
      current = '';
    }
    if (sentence.length > MAX_CHARS) {
      // One endless "sentence" (a table flattened to text): cut at the last space before the limit.
      let rest = sentence;
      while (rest.length > MAX_CHARS) {
        const space = rest.lastIndexOf(' ', MAX_CHARS);
        const cut = space > MAX_CHARS / 2 ? space : MAX_CHARS;
        pieces.push(rest.slice(0, cut).trim());
        rest = rest.slice(cut);
      }
      current = rest;
    } else current += sentence;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces.filter(Boolean);
}

/** The chunks of a document, in order; each carries its heading path as a prefix. */
export function chunkBlocks(blocks: TextBlock[]): string[] {
  const chunks: string[] = [];
  const headings: string[] = [];
  let paragraphs: string[] = [];
  let size = 0;
  const context = () => {
    const path = headings.filter(Boolean).join(' › ');
    return path.length > MAX_CONTEXT_CHARS ? `…${path.slice(-MAX_CONTEXT_CHARS)}` : path;
  };
  const flush = () => {
    if (paragraphs.length === 0) return;
    const body = paragraphs.join('\n\n');
    const prefix = context();
    chunks.push(prefix ? `${prefix}\n\n${body}` : body);
    paragraphs = [];
    size = 0;
  };
  for (const block of blocks) {
    const text = collapse(block.text);
    if (!text) continue;
    if (block.kind === 'heading') {
      flush();
      const level = Math.max(1, Math.min(6, block.level));
      headings.length = level - 1;
      headings[level - 1] = text;
      continue;
    }
    for (const piece of splitLong(text)) {
      if (size > 0 && size + piece.length > TARGET_CHARS) flush();
      paragraphs.push(piece);
      size += piece.length;
    }
  }
  flush();
  return chunks;
}

const BULLET = /^\s*(?:[-*•▪◦·]|\d+[.)])\s+/;
const SENTENCE_END = /[.!?:;)"'\]]$/;

/**
 * Blocks from plain text (TXT, DOC, a PDF's pages): Markdown headings (`#`), blank-line
 * paragraphs, list items as their own paragraphs, and a short line without closing punctuation
 * standing alone before a paragraph (a title such as "Refunds") as a heading.
 */
export function blocksFromText(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    const joined = paragraph.join(' ').trim();
    if (joined) blocks.push({ kind: 'paragraph', text: joined });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const markdown = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
    if (markdown) {
      flush();
      blocks.push({ kind: 'heading', level: markdown[1]!.length, text: markdown[2]! });
      continue;
    }
    if (!line) {
      flush();
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      paragraph.push(line.replace(BULLET, '• '));
      continue;
    }
    const standsAlone = paragraph.length === 0 && (lines[i + 1]?.trim() ?? '') === '';
    const next = lines[i + 2]?.trim() ?? '';
    const looksLikeTitle =
      standsAlone &&
      line.length <= 80 &&
      !SENTENCE_END.test(line) &&
      /^\p{Lu}/u.test(line) &&
      next.length > 0 &&
      line.split(/\s+/).length <= 10;
    if (looksLikeTitle) {
      blocks.push({ kind: 'heading', level: 2, text: line });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}
