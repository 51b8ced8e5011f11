import chardet from 'chardet';
import iconv from 'iconv-lite';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import yauzl from 'yauzl';
import { blocksFromText, type TextBlock } from './engine/chunk-text.ts';
import { EXTRACTION_MESSAGES, type ExtractionResult, MAX_PDF_PAGES } from './engine/extraction-result.ts';
import { blocksFromPdfLines, type PdfLine } from './engine/pdf-layout.ts';

// Text of a knowledge document as blocks, by type: PDF (unpdf, pdf.js), DOCX (mammoth, headings
// from the document's styles), DOC (word-extractor), TXT and Markdown (charset detected). Runs in a
// worker thread with its own memory and time limit (text-extractor.ts): a hostile file fails alone.

const failure = (reason: string): ExtractionResult => ({ ok: false, reason });

function withText(blocks: TextBlock[]): ExtractionResult {
  return blocks.some((block) => block.kind === 'paragraph' && /\p{L}{2}/u.test(block.text))
    ? { ok: true, blocks }
    : failure(EXTRACTION_MESSAGES.noText);
}

async function fromPdf(bytes: Uint8Array): Promise<ExtractionResult> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') return failure(EXTRACTION_MESSAGES.encrypted);
    return failure(EXTRACTION_MESSAGES.damaged('PDF'));
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) return failure(EXTRACTION_MESSAGES.tooManyPages(pdf.numPages));
    const lines: PdfLine[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      // pdf.js gives runs of text; a run that ends a line says so (hasEOL), as does a run lower on
      // the page. A line's type size is its largest run's.
      let line: PdfLine | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        const size = Math.abs(item.height) || Math.hypot(item.transform[0] as number, item.transform[1] as number) || 10;
        if (line && Math.abs(line.y - y) > Math.max(line.size, size) / 2) {
          lines.push(line);
          line = undefined;
        }
        line ??= { text: '', size: 0, y, page: number };
        line.text += item.str;
        if (item.str.trim()) line.size = Math.max(line.size, size);
        if (item.hasEOL) {
          lines.push(line);
          line = undefined;
        }
      }
      if (line) lines.push(line);
      page.cleanup();
    }
    const blocks = blocksFromPdfLines(lines);
    return withText(blocks);
  } finally {
    await pdf.destroy();
  }
}

type MammothElement = { type: string; styleName?: string | null; styleId?: string | null; value?: string; children?: MammothElement[] };

const textOf = (element: MammothElement): string =>
  element.type === 'text' ? (element.value ?? '') : element.type === 'tab' ? ' ' : (element.children ?? []).map(textOf).join('');

/** Paragraphs in reading order, tables included (each cell's paragraphs in turn). */
function paragraphsOf(element: MammothElement): MammothElement[] {
  if (element.type === 'paragraph') return [element];
  return (element.children ?? []).flatMap(paragraphsOf);
}

/** A DOCX is a zip: its parts may inflate to this much in all (real documents with images: tens of MB). */
export const MAX_DOCX_INFLATED_BYTES = 200 * 1024 * 1024;

/**
 * Inflates every part of the zip once, counting, and stops past the limit: mammoth's zip reader
 * holds whole parts in memory (outside the worker's heap limit), so a bomb must be refused before.
 */
async function docxFitsInMemory(buffer: Buffer): Promise<boolean> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > MAX_DOCX_INFLATED_BYTES) {
          stream.destroy();
          return false;
        }
      }
    }
    return true;
  } finally {
    zip.close();
  }
}

async function fromDocx(bytes: Uint8Array): Promise<ExtractionResult> {
  let document: MammothElement | undefined;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (!(await docxFitsInMemory(buffer))) return failure(EXTRACTION_MESSAGES.tooLargeInside);
  } catch {
    return failure(EXTRACTION_MESSAGES.damaged('Word'));
  }
  try {
    // mammoth reads the document model; its HTML is not used. Headings come from the paragraph
    // styles ("Heading 1", "Title", ...), whatever language the style names are in (their ids).
    await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, {
      transformDocument: (parsed: MammothElement) => {
        document = parsed;
        return parsed;
      },
    } as Parameters<typeof mammoth.convertToHtml>[1]);
  } catch {
    return failure(EXTRACTION_MESSAGES.damaged('Word'));
  }
  const blocks: TextBlock[] = [];
  for (const paragraph of document ? paragraphsOf(document) : []) {
    const text = textOf(paragraph);
    const style = `${paragraph.styleId ?? ''} ${paragraph.styleName ?? ''}`;
    const heading = /heading\s*(\d)|überschrift\s*(\d)|titre\s*(\d)/i.exec(style);
    if (heading) blocks.push({ kind: 'heading', level: Number(heading[1] ?? heading[2] ?? heading[3]), text });
    else if (/\btitle\b/i.test(style)) blocks.push({ kind: 'heading', level: 1, text });
    else blocks.push({ kind: 'paragraph', text });
  }
  return withText(blocks);
}

async function fromDoc(bytes: Uint8Array): Promise<ExtractionResult> {
  try {
    const extracted = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return withText(blocksFromText(extracted.getBody()));
  } catch {
    return failure(EXTRACTION_MESSAGES.damaged('Word'));
  }
}

/** Plain text in whatever charset it was saved: valid UTF-8 first, else what chardet finds, else windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer).replace(/^\uFEFF/, '');
  } catch {
    const detected = chardet.detect(buffer);
    const charset = detected && iconv.encodingExists(detected) ? detected : 'windows-1252';
    return iconv.decode(buffer, charset).replace(/^\uFEFF/, '');
  }
}

export async function extractBlocks({ bytes, fileType }: { bytes: Uint8Array; fileType: string }): Promise<ExtractionResult> {
  switch (fileType) {
    case 'pdf':
      return fromPdf(bytes);
    case 'docx':
      return fromDocx(bytes);
    case 'doc':
      return fromDoc(bytes);
    case 'txt':
    case 'md':
      return withText(blocksFromText(decodeText(bytes)));
    default:
      return failure(EXTRACTION_MESSAGES.unsupported);
  }
}
