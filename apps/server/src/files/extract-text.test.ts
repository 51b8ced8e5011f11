import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { markdownToDocx, markdownToPdf } from '../test-support/documents.ts';
import { billionLaughsDocx, flatePdf } from '../test-support/hostile-documents.ts';
import { chunkBlocks } from './engine/chunk-text.ts';
import { EXTRACTION_MESSAGES } from './engine/extraction-result.ts';
import { createTextExtractor, EXTRACTION_LIMITS } from './text-extractor.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const openingHours = fs.readFileSync(path.join(FIXTURES, 'opening-hours.md'), 'utf8');
const extractor = createTextExtractor();
afterAll(() => extractor.close());

const textOf = (result: Awaited<ReturnType<typeof extractor.extract>>) => {
  if (!result.ok) throw new Error(result.reason);
  return result.blocks.map((block) => block.text).join('\n');
};

/** Every sentence of the Markdown source, as words (layout may re-break lines). */
const sentences = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .flatMap((line) => line.split(/(?<=\.)\s+/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const normalised = (text: string) => text.replace(/\s+/g, ' ');

describe('reading knowledge documents (in a process of their own)', () => {
  it("reads a PDF: every sentence, and its headings become the passages' context", async () => {
    const result = await extractor.extract({ bytes: await markdownToPdf(openingHours), fileType: 'pdf' });
    const text = normalised(textOf(result));
    for (const sentence of sentences(openingHours)) expect(text).toContain(sentence);
    const chunks = chunkBlocks(result.ok ? result.blocks : []);
    expect(chunks.some((chunk) => chunk.includes('Parking') && chunk.includes('two hours'))).toBe(true);
  });

  it("reads a PDF's headings from their larger type, at their levels, and no short line of a table as a heading", async () => {
    const markdown = [
      '# Warranty',
      'We design our range to be used hard.',
      '## How long are products covered?',
      '| Product | Period |',
      '|---|---|',
      '| Tents | 3 years |',
      '| Rucksacks | 5 years |',
      'The period starts on the date of purchase.',
      '### Footwear',
      'Boots are covered for one year.',
      '## What is covered',
      'Faults in materials or workmanship.',
    ].join('\n\n');
    const result = await extractor.extract({ bytes: await markdownToPdf(markdown), fileType: 'pdf' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.blocks.filter((block) => block.kind === 'heading')).toEqual([
      { kind: 'heading', level: 1, text: 'Warranty' },
      { kind: 'heading', level: 2, text: 'How long are products covered?' },
      { kind: 'heading', level: 3, text: 'Footwear' },
      { kind: 'heading', level: 2, text: 'What is covered' },
    ]);
    const chunks = chunkBlocks(result.blocks);
    expect(chunks.find((chunk) => chunk.includes('Boots are covered'))).toMatch(
      /^Warranty › How long are products covered\? › Footwear\n\n/,
    );
    expect(chunks.find((chunk) => chunk.includes('Faults in materials'))).toMatch(/^Warranty › What is covered\n\n/);
  });

  it('reads a DOCX with its heading styles', async () => {
    const result = await extractor.extract({ bytes: await markdownToDocx(openingHours), fileType: 'docx' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.blocks.filter((block) => block.kind === 'heading').map((block) => block.text)).toEqual([
      'Opening hours and contact',
      'Shop opening hours',
      'How to reach us',
      'Parking',
    ]);
    const chunks = chunkBlocks(result.blocks);
    expect(chunks.find((chunk) => chunk.includes('free for up to two hours'))).toMatch(/^Opening hours and contact › Parking\n\n/);
  });

  it('reads a Word 97-2003 .doc saved by LibreOffice', async () => {
    const result = await extractor.extract({ bytes: fs.readFileSync(path.join(FIXTURES, 'opening-hours.doc')), fileType: 'doc' });
    const text = normalised(textOf(result));
    for (const sentence of sentences(openingHours)) expect(text).toContain(sentence);
  });

  it('reads text in the charset it was saved in: UTF-8, UTF-8 with a BOM, windows-1252, UTF-16', async () => {
    const sample = '# Préférences\n\nLe café coûte 3 € — à emporter, s’il vous plaît.\n';
    const encodings: [string, Buffer][] = [
      ['utf-8', Buffer.from(sample, 'utf8')],
      ['utf-8 + BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sample, 'utf8')])],
      ['windows-1252', iconv.encode(sample, 'windows-1252')],
      ['utf-16le + BOM', iconv.encode(sample, 'utf-16le', { addBOM: true })],
    ];
    for (const [, bytes] of encodings) {
      const result = await extractor.extract({ bytes, fileType: 'md' });
      expect(textOf(result)).toBe('Préférences\nLe café coûte 3 € — à emporter, s’il vous plaît.');
    }
  });

  it('says so when a PDF needs a password', async () => {
    const result = await extractor.extract({ bytes: fs.readFileSync(path.join(FIXTURES, 'password-protected.pdf')), fileType: 'pdf' });
    expect(result).toEqual({ ok: false, reason: EXTRACTION_MESSAGES.encrypted });
  });

  it('says so when a PDF has no text layer (a scan)', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    // A 1x1 PNG stretched over the page: an image and no text, like a scanned page.
    const png = await pdf.embedPng(
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
    );
    page.drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
    expect(await extractor.extract({ bytes: await pdf.save(), fileType: 'pdf' })).toEqual({
      ok: false,
      reason: EXTRACTION_MESSAGES.noText,
    });
  });

  it('refuses a PDF with more pages than it reads, without reading them', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 2001; i++) pdf.addPage([100, 100]);
    expect(await extractor.extract({ bytes: await pdf.save(), fileType: 'pdf' })).toEqual({
      ok: false,
      reason: EXTRACTION_MESSAGES.tooManyPages(2001),
    });
  });

  it('says a damaged file is damaged', async () => {
    const docx = await markdownToDocx(openingHours);
    expect(await extractor.extract({ bytes: docx.subarray(0, docx.length / 2), fileType: 'docx' })).toEqual({
      ok: false,
      reason: EXTRACTION_MESSAGES.damaged('Word'),
    });
    expect(await extractor.extract({ bytes: Buffer.from('%PDF-1.7\nnot really'), fileType: 'pdf' })).toEqual({
      ok: false,
      reason: EXTRACTION_MESSAGES.damaged('PDF'),
    });
  });

  it('refuses a DOCX that unpacks to more than it reads, and reads the next file', async () => {
    // word/document.xml of 400 MB of one run of text, deflated to under a megabyte.
    const zip = new yazl.ZipFile();
    zip.addBuffer(
      Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      '[Content_Types].xml',
    );
    const head = '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
    function* body() {
      yield Buffer.from(head);
      const block = Buffer.alloc(16 * 1024 * 1024, 'a');
      for (let i = 0; i < 25; i++) yield block;
      yield Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
    }
    zip.addReadStream(Readable.from(body()), 'word/document.xml');
    zip.end();
    const bomb = Buffer.concat(await Readable.from(zip.outputStream).toArray());
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await extractor.extract({ bytes: bomb, fileType: 'docx' });
    expect(result).toEqual({ ok: false, reason: EXTRACTION_MESSAGES.tooLargeInside });
    expect(textOf(await extractor.extract({ bytes: Buffer.from(openingHours), fileType: 'md' }))).toContain('Harbour Street');
  });

  it('ends the thread of a file whose reading takes more memory than allowed, and reads the next file', async () => {
    const tight = createTextExtractor({ ...EXTRACTION_LIMITS, maxRssMb: 1 });
    try {
      const result = await tight.extract({ bytes: await markdownToPdf(openingHours.repeat(60)), fileType: 'pdf' });
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/more memory/) });
    } finally {
      await tight.close();
    }
    expect(textOf(await extractor.extract({ bytes: Buffer.from(openingHours), fileType: 'md' }))).toContain('Harbour Street');
  });

  it('gives up on a file that takes longer than its time limit', async () => {
    const slow = createTextExtractor({ ...EXTRACTION_LIMITS, timeoutMs: 1 });
    try {
      const result = await slow.extract({ bytes: await markdownToPdf(openingHours.repeat(40)), fileType: 'pdf' });
      expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/took too long/) });
    } finally {
      await slow.close();
    }
  });

  it("gives back the memory that hostile documents took: the server's memory returns near its level before", async () => {
    // What the server holds once idle after them, measured in this process (the server's place):
    // reading a PDF page of 256 MB in a thread of this process left about 230 MB here for good.
    const MB = 1024 * 1024;
    const documents = [
      { bytes: await billionLaughsDocx(), fileType: 'docx', reason: EXTRACTION_MESSAGES.damaged('Word') },
      { bytes: await flatePdf(256), fileType: 'pdf', reason: EXTRACTION_MESSAGES.overMemory },
    ];
    const reader = createTextExtractor({ ...EXTRACTION_LIMITS, idleMs: 200 });
    try {
      // An ordinary document first: what reading costs once its code is loaded is in the level before.
      expect(textOf(await reader.extract({ bytes: await markdownToPdf(openingHours), fileType: 'pdf' }))).toContain('Harbour Street');
      const before = process.memoryUsage.rss();
      for (const { bytes, fileType, reason } of documents) expect(await reader.extract({ bytes, fileType })).toEqual({ ok: false, reason });
      let extra = process.memoryUsage.rss() - before;
      // Memory goes back when the reader is done (idle): looked at for up to 20 s.
      for (let i = 0; i < 100 && extra > 48 * MB; i++) {
        await new Promise((r) => setTimeout(r, 200));
        extra = process.memoryUsage.rss() - before;
      }
      expect(Math.round(extra / MB)).toBeLessThan(48);
    } finally {
      await reader.close();
    }
  }, 120_000);
});
