import mime from 'mime';

/**
 * Whether a part that may be the body holds data rather than text (issue 33: images and
 * compressed data taken for the text body and shown as garbage). The declared type decides first
 * (message-parts.ts: only text/plain and text/html can be the body); these two tests catch what a
 * missing, defaulted or wrong type lets through.
 *
 * Libraries that answer "is this file binary" (isbinaryfile, istextorbinary) count every 8-bit
 * byte that is not UTF-8 as suspicious, so they call KOI8-R, Big5 or Latin-1 mail text binary;
 * mail text may be in any charset, so only C0 control bytes count here, which text in every
 * charset mail uses leaves out (UTF-16 and UTF-32 aside, known by their label or byte order mark).
 */

/** Types by file name (the `mime` package, from mime-db) that are text a reader can show. */
const TEXTUAL_TYPE =
  /^(?:text|message)\/|[+/](?:xml|json)$|^application\/(?:javascript|ecmascript|x-sh|x-csh|x-perl|x-python|sql|rtf|x-tex|x-latex|pgp-[a-z-]+|mbox)$/;

/** The type a file name's extension stands for (mime-db), or null when it has none known. */
export function typeOfName(name: string | null | undefined): string | null {
  return (name && mime.getType(name)) || null;
}

/** A file name whose extension says binary data: an image, audio, video, an archive, a PDF, an office file... */
export function isBinaryName(name: string | null | undefined): boolean {
  const type = typeOfName(name);
  return type !== null && !TEXTUAL_TYPE.test(type);
}

/** Wide charsets, whose ASCII characters hold NUL bytes. */
const WIDE_CHARSET = /^(?:utf-?16|utf-?32|ucs-?2|ucs-?4|unicode)/i;

function hasWideByteOrderMark(bytes: Uint8Array): boolean {
  const [a, b] = bytes;
  return (a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff) || (a === 0 && b === 0 && bytes[2] === 0xfe && bytes[3] === 0xff);
}

/** How much of the content is looked at: binary formats show themselves in their first bytes. */
const SAMPLE_BYTES = 4096;
/** Past this share of control bytes, content is data (random bytes have about 10 %). */
const CONTROL_SHARE = 0.01;
/**
 * Data has many kinds of control bytes (the smallest PNG six, a bzip2 file five); text that holds
 * some has one or two, repeated: Outlook's "=01" for each character it lost, 74 in one Enron mail.
 */
const CONTROL_KINDS = 3;

/**
 * C0 controls that text does not hold. Tab, line feed, vertical tab, form feed and carriage return
 * do; so do SO, SI and ESC, which ISO-2022-JP and ISO-2022-KR use to switch character sets.
 */
const CONTROL = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) if (!((b >= 0x09 && b <= 0x0f) || b === 0x1b)) CONTROL[b] = 1;
CONTROL[0x7f] = 1;

const PDF = Buffer.from('%PDF-', 'latin1');

/**
 * Content that is data, not text: more than 1 % of its first 4 KB control bytes (NUL, most C0
 * controls, DEL; trailing NULs after a text, as a C string ends, are left out) of at least three
 * kinds, or a PDF, whose first kilobytes may be readable. Never for content in a wide charset (by
 * label or byte order mark).
 */
export function looksBinary(bytes: Uint8Array, charset?: string | null): boolean {
  if (bytes.byteLength === 0 || WIDE_CHARSET.test(charset ?? '') || hasWideByteOrderMark(bytes)) return false;
  if (PDF.every((b, i) => bytes[i] === b)) return true;
  let end = Math.min(bytes.byteLength, SAMPLE_BYTES);
  if (end === bytes.byteLength) while (end > 0 && bytes[end - 1] === 0) end--;
  let controls = 0;
  const kinds = new Set<number>();
  for (let i = 0; i < end; i++) {
    if (!CONTROL[bytes[i]!]) continue;
    controls++;
    if (kinds.size < CONTROL_KINDS) kinds.add(bytes[i]!);
  }
  return kinds.size >= CONTROL_KINDS && controls > end * CONTROL_SHARE;
}
