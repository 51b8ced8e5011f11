import { Readable } from 'node:stream';
import { createDeflate } from 'node:zlib';
import yazl from 'yazl';

/**
 * Knowledge documents built to exhaust the memory of whatever reads them, made from streams (never
 * held whole here): a DOCX whose text unpacks to hundreds of MB, one of nested entities ("billion
 * laughs"), a PDF page whose Flate content stream inflates to gigabytes, a DOCX of paragraphs just
 * under the unpacking limit. Tests and bench/document-bombs.ts upload these.
 */

const MB = 1024 * 1024;
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function* repeated(piece: Buffer, bytes: number): Generator<Buffer> {
  for (let left = bytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
}

/** A DOCX (the zip parts Word needs) whose word/document.xml is `xml`, deflated. */
async function docxOf(xml: Iterable<Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  zip.addReadStream(Readable.from(xml), 'word/document.xml');
  zip.end();
  return Buffer.concat(await Readable.from(zip.outputStream).toArray());
}

/** One run of `inflatedMb` MB of a single letter: deflates about 1,000 times. */
export function docxBomb(inflatedMb: number): Promise<Buffer> {
  return docxOf(
    (function* () {
      yield Buffer.from(`<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`);
      yield* repeated(Buffer.alloc(MB, 'a'), inflatedMb * MB);
      yield Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
    })(),
  );
}

/** Ten levels of entities, each ten of the one before: 3 GB of "lol" if a parser expanded them. */
export function billionLaughsDocx(): Promise<Buffer> {
  let entities = '<!ENTITY lol0 "lol">';
  for (let level = 1; level <= 9; level++) entities += `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`;
  return docxOf([
    Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE w:document [${entities}]>` +
        `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`,
    ),
  ]);
}

/** `inflatedMb` MB of short paragraphs of words: a real-looking document that unpacks under the limit. */
export function docxOfParagraphs(inflatedMb: number): Promise<Buffer> {
  const paragraph = '<w:p><w:r><w:t>The quick brown fox jumps over the lazy dog, again and again.</w:t></w:r></w:p>';
  return docxOf(
    (function* () {
      yield Buffer.from(`<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>`);
      yield* repeated(Buffer.from(paragraph.repeat(1000)), inflatedMb * MB);
      yield Buffer.from('</w:body></w:document>');
    })(),
  );
}

/**
 * A one-page PDF whose content stream (lines of text-showing operators) inflates to `inflatedMb` MB.
 * Deflated fast (level 1, about 150 times smaller): a 1 GB page takes a second to build.
 */
export async function flatePdf(inflatedMb: number): Promise<Buffer> {
  const line = Buffer.from('BT /F1 12 Tf 72 720 Td (All work and no play) Tj ET\n');
  const deflate = createDeflate({ level: 1 });
  Readable.from(repeated(Buffer.concat(Array.from({ length: Math.floor(MB / line.length) }, () => line)), inflatedMb * MB)).pipe(deflate);
  const content = Buffer.concat(await deflate.toArray());
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  const object = (...body: (string | Buffer)[]) => {
    offsets.push(size);
    for (const piece of [`${offsets.length} 0 obj\n`, ...body, '\nendobj\n']) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece;
      parts.push(bytes);
      size += bytes.length;
    }
  };
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>');
  object(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, content, '\nendstream');
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = [
    `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`),
  ];
  parts.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
