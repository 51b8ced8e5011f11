import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Real PDF and DOCX files made from Markdown, the way an office program would save them: headings as
 * headings (DOCX styles; larger bold type in the PDF), paragraphs, list items, table rows. Tests and
 * the knowledge bench upload these; nothing here knows how Penman reads them.
 */

type Line = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph' | 'bullet'; text: string };

/** Emphasis and code marks are formatting, not text: a word processor shows none of them. */
const plain = (text: string) => text.replace(/\*\*|__|`/g, '');

function linesOf(markdown: string): Line[] {
  const lines: Line[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) lines.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      lines.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (/^[-*]\s+/.test(line)) {
      flush();
      lines.push({ kind: 'bullet', text: plain(line.replace(/^[-*]\s+/, '')) });
    } else if (/^\|/.test(line)) {
      flush();
      // A table row as a line of its cells; the separator row (|---|) is dropped.
      if (!/^\|[\s:|-]+\|$/.test(line))
        lines.push({
          kind: 'paragraph',
          text: line
            .split('|')
            .map((cell) => plain(cell.trim()))
            .filter(Boolean)
            .join('   '),
        });
    } else if (!line) flush();
    else paragraph.push(plain(line));
  }
  flush();
  return lines;
}

/** pdf-lib's standard fonts encode WinAnsi only: other characters become their nearest ASCII. */
function winAnsi(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, '');
}

export async function markdownToPdf(markdown: string, title = 'Document'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = 595;
  const height = 842;
  const margin = 56;
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const write = (text: string, font: typeof regular, size: number, indent = 0, gapAfter = size * 0.8) => {
    const words = winAnsi(text).split(/\s+/).filter(Boolean);
    let line = '';
    const emit = (content: string) => {
      if (y < margin + size) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(content, { x: margin + indent, y, size, font });
      y -= size * 1.35;
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width - 2 * margin - indent && line) {
        emit(line);
        line = word;
      } else line = next;
    }
    if (line) emit(line);
    y -= gapAfter;
  };
  for (const line of linesOf(markdown)) {
    if (line.kind === 'heading') write(line.text, bold, line.level === 1 ? 18 : line.level === 2 ? 14 : 12, 0, 6);
    else if (line.kind === 'bullet') write(`- ${line.text}`, regular, 10.5, 12, 3);
    else write(line.text, regular, 10.5);
  }
  return Buffer.from(await pdf.save());
}

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;

export async function markdownToDocx(markdown: string, title = 'Document'): Promise<Buffer> {
  const children = linesOf(markdown).map((line) => {
    if (line.kind === 'heading')
      return new Paragraph({ heading: HEADINGS[Math.min(line.level, 4) - 1], children: [new TextRun(line.text)] });
    if (line.kind === 'bullet') return new Paragraph({ bullet: { level: 0 }, children: [new TextRun(line.text)] });
    return new Paragraph({ children: [new TextRun(line.text)] });
  });
  const document = new Document({ title, sections: [{ children }] });
  return Packer.toBuffer(document);
}
