import iconv from 'iconv-lite';

/**
 * UTF-7 (RFC 2152) written raw into a header by old clients, without encoded-words: `Subject:
 * Gr+APw-+AN8-e` is "Grüße". Headers are full of plus signs that are no UTF-7 (phone numbers,
 * "C++", "a+b-c", address tags), so a header is read as UTF-7 only when that is the one reading:
 * - its text is 7-bit (UTF-7 is);
 * - every `+...-` run in it is well formed: modified base64 of whole UTF-16 units, the few bits
 *   left over zero (an encoder writes nothing else), decoding to printable characters (no
 *   control, private-use, unassigned or lone surrogate) and to no ASCII letter or digit (an
 *   encoder writes those directly);
 * - at least one run is a character beyond ASCII.
 * Runs ended by another character than "-" (RFC 2152 allows it) are left alone: "+49 30" is a
 * phone number. Encoded-words are left to encoded-words.ts; iconv-lite decodes each run.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** An encoded-word (kept as it is), a literal "+-", or a shift sequence ended by "-". */
const TOKEN = /=\?[^?\s]*\?[QqBb]\?[^?]*\?=|\+-|\+([A-Za-z0-9+/]+)-/g;
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]+$/u;
const ASCII_ALPHANUMERIC = /[A-Za-z0-9]/;
const BEYOND_ASCII = /[\u0080-\uffff]/;

/** The characters a run stands for, or null when it is not well-formed UTF-7 text. */
function decodeRun(run: string): string | null {
  const bits = run.length * 6;
  const rest = bits % 16;
  if (bits < 16 || rest >= 6) return null;
  if ((BASE64.indexOf(run[run.length - 1]!) & ((1 << rest) - 1)) !== 0) return null;
  const text = iconv.decode(Buffer.from(`+${run}-`, 'latin1'), 'utf-7');
  return PRINTABLE.test(text) && !ASCII_ALPHANUMERIC.test(text) ? text : null;
}

/** The header value with its raw UTF-7 decoded, when it is unambiguously UTF-7 (see above). */
export function decodeRawUtf7(value: string): string {
  if (!value.includes('+') || BEYOND_ASCII.test(value)) return value;
  const runs = new Map<string, string>();
  let beyondAscii = false;
  for (const [, run] of value.matchAll(TOKEN)) {
    if (run === undefined || runs.has(run)) continue;
    const text = decodeRun(run);
    if (text === null) return value;
    runs.set(run, text);
    beyondAscii ||= BEYOND_ASCII.test(text);
  }
  if (!beyondAscii) return value;
  return value.replace(TOKEN, (token, run: string | undefined) => (token === '+-' ? '+' : run === undefined ? token : runs.get(run)!));
}
