import { isAscii, isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import iconv from 'iconv-lite';

/**
 * Bytes of mail text to a string, as a careful mail client reads them (docs/decisions/017):
 * - the declared charset when it is known and the bytes are valid in it: TextDecoder for the
 *   WHATWG labels (native, fast), iconv-lite for the rest (UTF-7, DOS and Mac code pages, ...);
 * - else, or with no declaration, `X-UNKNOWN` or a declaration the bytes contradict: valid UTF-8
 *   first, then a charset detector (jschardet) when it is confident of a non-Latin script, then
 *   windows-1252, which decodes every byte (0x80 is "€", never a C1 control).
 * A single-byte declaration is contradicted when the bytes are valid UTF-8 with multi-byte
 * characters (UTF-8 sent as Latin-1: "EnvoyÃ©"); a multi-byte one when they are invalid in it.
 */

export type DecodedText = {
  text: string;
  /** The charset the bytes were read in (lower case). */
  charset: string;
  /** Set when the declared charset was not used, and why (a parse problem worth recording). */
  guessed?: string;
};

const UTF8 = new TextDecoder('utf-8');
const UTF8_FATAL = new TextDecoder('utf-8', { fatal: true });

// windows-1252's 0x80-0x9f (WHATWG; the five bytes it leaves undefined stay C1 controls). Node 20's
// TextDecoder decodes every windows-1252 label (iso-8859-1, us-ascii, latin1 included) as Latin-1,
// so 0x80 became U+0080 instead of "€": this table is used instead.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const C1_CONTROL = /[\u0080-\u009f]/;

/** windows-1252, which decodes every byte. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * C1 controls in text read as UTF-8 on a guess: no mail means them; they are windows-1252 bytes a
 * converter took for Latin-1 ("€" as U+0080), read as the windows-1252 characters they stood for.
 */
function c1AsWindows1252(text: string): string {
  return C1_CONTROL.test(text) ? text.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!) : text;
}

/**
 * UTF-8 with each invalid sequence read as windows-1252 (mail mixes them: a Latin-1 signature
 * pasted under UTF-8 text), and how many of each there were.
 */
function decodeMixedUtf8(bytes: Uint8Array): { text: string; multiByte: number; invalid: number } {
  let text = '';
  let multiByte = 0;
  let invalid = 0;
  let start = 0;
  let i = 0;
  const flushValid = (end: number) => {
    if (end > start) text += UTF8.decode(bytes.subarray(start, end));
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let valid = length > 0 && i + length <= bytes.length;
    for (let k = 1; valid && k < length; k++) valid = (bytes[i + k]! & 0xc0) === 0x80;
    if (valid && length > 1) {
      try {
        UTF8_FATAL.decode(bytes.subarray(i, i + length));
      } catch {
        valid = false;
      }
    }
    if (valid) {
      if (length > 1) multiByte++;
      i += length;
      continue;
    }
    flushValid(i);
    // A sequence cut short by the end of the text (a name truncated mid-character) is dropped.
    const cutAtEnd = length > 1 && i + length > bytes.length && bytes.subarray(i + 1).every((c) => (c & 0xc0) === 0x80);
    if (cutAtEnd) {
      start = i = bytes.length;
      break;
    }
    text += decodeWindows1252(bytes.subarray(i, i + 1));
    invalid++;
    i++;
    start = i;
  }
  flushValid(i);
  return { text, multiByte, invalid };
}

/** Labels that declare no real charset: read as undeclared. */
const NO_CHARSET = /^(?:x-?unknown|unknown(?:-8bit)?|x-user-defined|default|none|charset|8bit|7bit|binary)$/;
/** Labels whose text is ASCII by design, whatever the bytes: a byte above 0x7f means the label is wrong. */
const ASCII_LABEL = /^(?:us-?ascii|ascii|ansi_x3\.4-1968|iso646-us)$/;
/** UTF-7 is ASCII on the wire: its labels must not be taken for plain ASCII. */
const UTF7_LABEL = /^(?:utf-?7|unicode-1-1-utf-7|x-unicode-2-0-utf-7)$/;

// One decoder a label; unknown labels are remembered as null so a message cannot make us retry.
type Decoder = InstanceType<typeof TextDecoder>;
const decoders = new Map<string, Decoder | null>();
function textDecoder(label: string): Decoder | null {
  let decoder = decoders.get(label);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      decoder = null;
    }
    // Bounded: labels come from mail, but only the ones TextDecoder knows are many; the rest are null.
    if (decoders.size < 500) decoders.set(label, decoder);
  }
  return decoder;
}

/** Single-byte charsets: every byte decodes, so only a contradiction (valid UTF-8) can show they are wrong. */
function isSingleByte(label: string): boolean {
  return /^(?:(?:windows|cp|ibm|ms)-?\d{3,4}|iso-?8859-?\d+|latin-?\d|l\d|koi8-?[a-z]*|mac(?:intosh)?|x-mac-[a-z]+|tis-?620)$/.test(label);
}

/** Strips the decorations mail puts on labels: quotes, an RFC 2231 language, spaces. */
function cleanLabel(charset: string | null | undefined): string {
  return (charset ?? '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/\*.*$/, '')
    .toLowerCase();
}

/**
 * jschardet, loaded the first time undeclared 8-bit text is read: its models are about 4.5 MB of
 * heap in each thread that loads it (the server's and every parse worker's), for mail that is
 * rarely seen (issue 33, the sync's peak memory).
 */
const load = createRequire(import.meta.url);
let jschardet: typeof import('jschardet').default | null = null;

/** 8-bit bytes below which jschardet's guess is noise (one byte of Latin-1 read as Cyrillic). */
const MIN_BYTES_TO_DETECT = 8;
/**
 * jschardet's confidence below which its guess is not taken. jschardet 4's `detect` ignores its
 * `minimumThreshold` option and always answers (0.07 for cp862, Hebrew DOS, on French windows-1252
 * text), so the candidates of `detectAll` are filtered here.
 */
const MIN_CONFIDENCE = 0.3;
/** Candidates this close to the best are a tie (jschardet scores windows-1255 and ISO-8859-8 alike). */
const TIE = 0.05;

const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * A detector's reading of undeclared bytes is taken only when it shows a script Latin code pages
 * cannot hold (most of its non-ASCII letters are not Latin) and no C1 control: 0x80-0x9f are
 * controls in ISO-8859-x, so text with "€" or curly quotes read in ISO-8859-8 shows them as
 * invisible characters (its Windows twin, scored alike, reads them).
 */
function isNonLatinReading(text: string): boolean {
  if (C1_CONTROL.test(text)) return false;
  let latin = 0;
  let other = 0;
  for (const [letter] of text.matchAll(LETTER)) {
    if (letter.charCodeAt(0) < 0x80) continue;
    if (LATIN_LETTER.test(letter)) latin++;
    else other++;
  }
  return other > latin;
}

/**
 * Mostly UTF-8 (more valid multi-byte characters than invalid bytes): UTF-8 with the odd bytes as
 * windows-1252; else windows-1252 (the WHATWG reading of undeclared and Latin-1 text), except where
 * jschardet is confident of a script Latin code pages cannot hold. Among tied candidates the
 * Windows code page comes first (Mac and ISO twins read "€", curly quotes and dashes wrong).
 */
function detect(bytes: Uint8Array): DecodedText {
  const mixed = decodeMixedUtf8(bytes);
  if (mixed.multiByte > mixed.invalid) return { text: c1AsWindows1252(mixed.text), charset: 'utf-8' };
  // A few 8-bit bytes (a name, one word) tell a detector nothing: the default reads them.
  if (mixed.invalid < MIN_BYTES_TO_DETECT) return { text: decodeWindows1252(bytes), charset: 'windows-1252' };
  jschardet ??= (load('jschardet') as typeof import('jschardet')).default;
  const candidates = jschardet
    .detectAll(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { minimumThreshold: MIN_CONFIDENCE })
    .filter((guess) => guess.confidence >= MIN_CONFIDENCE);
  const best = candidates[0]?.confidence ?? 0;
  const windowsFirst = (guess: { encoding: string | null; confidence: number }) =>
    guess.confidence >= best - TIE && /^windows-/i.test(guess.encoding ?? '') ? 0 : 1;
  for (const guess of candidates.sort((a, b) => windowsFirst(a) - windowsFirst(b))) {
    const label = guess.encoding?.toLowerCase();
    if (!label || label === 'utf-8' || label === 'ascii') continue;
    const decoded = decodeIn(bytes, label);
    if (decoded !== null && isNonLatinReading(decoded)) return { text: decoded, charset: label };
  }
  return { text: decodeWindows1252(bytes), charset: 'windows-1252' };
}

/** `bytes` in `label` when that charset is known and the bytes are valid in it, else null. */
function decodeIn(bytes: Uint8Array, label: string): string | null {
  const decoder = textDecoder(label);
  if (decoder?.encoding === 'windows-1252') return decodeWindows1252(bytes);
  if (decoder) {
    try {
      return decoder.decode(bytes);
    } catch {
      return null;
    }
  }
  if (!iconv.encodingExists(label)) return null;
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), label);
  // iconv-lite replaces what it cannot decode instead of failing.
  return text.includes('\ufffd') ? null : text;
}

/** Decodes mail text bytes in their declared charset, or the charset they are evidently in (see above). */
export function decodeText(bytes: Uint8Array, declared: string | null | undefined): DecodedText {
  const label = cleanLabel(declared);
  if (bytes.byteLength === 0) return { text: '', charset: label || 'us-ascii' };
  if (UTF7_LABEL.test(label)) {
    return { text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'utf7'), charset: 'utf-7' };
  }
  // UTF-16 and UTF-32 are the charsets whose ASCII bytes do not stand for themselves.
  if (/^(?:utf-?16|utf-?32|ucs-?2|ucs-?4|unicode)/.test(label)) {
    const text = decodeIn(bytes, label);
    if (text !== null) return { text, charset: label };
  }
  const undeclared = !label || NO_CHARSET.test(label) || ASCII_LABEL.test(label);
  // A UTF-16 byte order mark says the charset a missing label does not (WHATWG's BOM sniffing).
  const bom = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : null;
  if (undeclared && bom) {
    const text = decodeIn(bytes, bom);
    if (text !== null) return { text, charset: bom, guessed: `${label ? `declared ${label}` : 'no charset declared'}, byte order mark` };
  }
  // The common case first: ASCII reads the same in every charset mail uses (UTF-7 aside).
  if (isAscii(bytes)) return { text: UTF8.decode(bytes), charset: label || 'us-ascii' };
  const utf8 = isUtf8(bytes);
  if (label === 'utf-8' || label === 'utf8') {
    if (utf8) return { text: UTF8.decode(bytes), charset: 'utf-8' };
    // Declared UTF-8 with some invalid bytes: the valid text stays UTF-8 whatever the rest is.
    return {
      text: decodeMixedUtf8(bytes).text,
      charset: 'utf-8',
      guessed: 'declared utf-8, some bytes are not: those read as windows-1252',
    };
  }
  if (undeclared) {
    if (utf8)
      return {
        text: c1AsWindows1252(UTF8.decode(bytes)),
        charset: 'utf-8',
        ...(label ? { guessed: `declared ${label}, bytes are UTF-8` } : {}),
      };
    return { ...detect(bytes), guessed: label ? `declared ${label}, 8-bit bytes` : 'no charset declared' };
  }
  // A single-byte charset decodes anything; valid UTF-8 with 8-bit bytes is almost never Latin-1 text.
  if (utf8 && isSingleByte(label))
    return { text: c1AsWindows1252(UTF8.decode(bytes)), charset: 'utf-8', guessed: `declared ${label}, bytes are UTF-8` };
  const text = decodeIn(bytes, label);
  if (text !== null) return { text, charset: label };
  if (utf8) return { text: UTF8.decode(bytes), charset: 'utf-8', guessed: `declared ${label}, bytes are UTF-8` };
  return { ...detect(bytes), guessed: textDecoder(label) || iconv.encodingExists(label) ? `invalid ${label}` : `unknown charset ${label}` };
}
