import { decodeText } from './charsets.ts';
import { decodeRawUtf7 } from './raw-utf7.ts';

/**
 * RFC 2047 encoded-words (`=?charset?Q|B?text?=`) in a header value, decoded through charsets.ts:
 * so UTF-7 words, unknown or empty charset names (`=??Q?...?=`, `=?x-unknown?...`) and bytes the
 * declared charset does not hold are read as a careful client reads them, never as U+FFFD. Adjacent
 * words in one charset and encoding are joined before decoding (a multi-byte character may be split
 * across two), and the whitespace between two encoded-words is dropped (RFC 2047 section 6.2).
 * A Q word may hold spaces (some mailers fold inside words): they are kept as spaces.
 */

const WORD = /=\?([^?\s]*)\?([QqBb])\?([^?]*)\?=/g;

type Word = { charset: string; encoding: 'Q' | 'B'; text: string };

function wordBytes(word: Word): Buffer {
  if (word.encoding === 'B') return Buffer.from(word.text.replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
  const bytes: number[] = [];
  const text = word.text.replace(/_/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of Buffer.from(text[i]!, 'utf8')) bytes.push(byte);
    }
  }
  return Buffer.from(bytes);
}

/** Words joined by charset and encoding: B words only when the first ends on a whole quantum. */
function canJoin(left: Word, right: Word): boolean {
  if (left.charset.toLowerCase() !== right.charset.toLowerCase() || left.encoding !== right.encoding) return false;
  return left.encoding === 'Q' || (left.text.length % 4 === 0 && !left.text.endsWith('='));
}

export function decodeEncodedWords(value: string): string {
  if (!value.includes('=?')) return value;
  let out = '';
  let pending: Word[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const bytes = Buffer.concat(pending.map(wordBytes));
    out += decodeText(bytes, pending[0]!.charset).text;
    pending = [];
  };
  let last = 0;
  for (const match of value.matchAll(WORD)) {
    const between = value.slice(last, match.index);
    const word: Word = { charset: match[1]!, encoding: match[2]!.toUpperCase() as 'Q' | 'B', text: match[3]! };
    const separated = between.length > 0 && !/^[ \t\r\n]+$/.test(between);
    if (separated || (pending.length > 0 && !canJoin(pending[pending.length - 1]!, word))) flush();
    if (separated) out += between;
    pending.push(word);
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}

/**
 * The text of an unstructured header or a display name or file name, as a reader sees it: raw
 * UTF-7 where it is unambiguous (raw-utf7.ts), then encoded-words. Not for identifiers (Message-ID,
 * References, addresses), whose plus signs are never UTF-7.
 */
export function decodeHeaderText(value: string): string {
  return decodeEncodedWords(decodeRawUtf7(value));
}
