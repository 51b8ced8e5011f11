/**
 * A PDF's lines (text, type size, position) as blocks. A PDF has no headings, only type: the size
 * most of the text is set in is the body, and a short line set clearly larger is a heading, its
 * level the rank of its size among the larger sizes (largest = 1), as a word processor's export sets
 * them. A PDF in one size throughout falls back to reading its text's shape (`blocksFromText`).
 * Pure; extract-text.ts reads the lines with pdf.js.
 */
import { blocksFromText, type TextBlock } from './chunk-text.ts';

export type PdfLine = { text: string; size: number; y: number; page: number };

/** Type this much larger than the body is a heading's. */
const HEADING_SIZE_RATIO = 1.12;
/** A "heading" longer than this is emphasised text, not a heading. */
const MAX_HEADING_CHARS = 160;
/** A gap between lines taller than this many lines of their type is a paragraph break. */
const PARAGRAPH_GAP_LINES = 1.6;
const MAX_LEVEL = 6;
const BULLET = /^\s*(?:[-*•▪◦·]|\d+[.)])\s+/;

const roundSize = (size: number) => Math.round(size * 2) / 2;

/** The type size that carries the most characters. */
function bodySizeOf(lines: PdfLine[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) characters.set(roundSize(line.size), (characters.get(roundSize(line.size)) ?? 0) + line.text.length);
  return [...characters].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/** Lines as plain text with blank lines at paragraph gaps and page ends (for `blocksFromText`). */
function asText(lines: PdfLine[]): string {
  return lines.map((line, i) => (i > 0 && isBreak(lines[i - 1]!, line) ? `\n${line.text}` : line.text)).join('\n');
}

function isBreak(previous: PdfLine, line: PdfLine): boolean {
  return previous.page !== line.page || previous.y - line.y > Math.max(previous.size, line.size) * PARAGRAPH_GAP_LINES;
}

export function blocksFromPdfLines(allLines: PdfLine[]): TextBlock[] {
  const lines = allLines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((line) => line.text);
  const body = bodySizeOf(lines);
  const isHeading = (line: PdfLine) => roundSize(line.size) >= body * HEADING_SIZE_RATIO && line.text.length <= MAX_HEADING_CHARS;
  const headingSizes = [...new Set(lines.filter(isHeading).map((line) => roundSize(line.size)))].sort((a, b) => b - a);
  if (headingSizes.length === 0) return blocksFromText(asText(lines));
  const blocks: TextBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const [i, line] of lines.entries()) {
    const previous = lines[i - 1];
    if (isHeading(line)) {
      flush();
      const level = Math.min(MAX_LEVEL, headingSizes.indexOf(roundSize(line.size)) + 1);
      const last = blocks.at(-1);
      // A heading wrapped over two lines is one heading.
      if (last?.kind === 'heading' && last.level === level && previous && isHeading(previous) && !isBreak(previous, line)) {
        last.text += ` ${line.text}`;
      } else blocks.push({ kind: 'heading', level, text: line.text });
      continue;
    }
    if (BULLET.test(line.text)) {
      flush();
      paragraph.push(line.text.replace(BULLET, '• '));
      continue;
    }
    if (previous && isBreak(previous, line)) flush();
    paragraph.push(line.text);
  }
  flush();
  return blocks;
}
