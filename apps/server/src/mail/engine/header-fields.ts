import { isAscii, isUtf8 } from 'node:buffer';
import { decodeEncodedWords, decodeHeaderText } from './encoded-words.ts';
import { reencodeHeaderLine } from './mime-tree.ts';

/** Fields of free text, where raw UTF-7 may be (raw-utf7.ts); never identifiers or addresses. */
const TEXT_FIELD = /^(?:subject|comments|keywords|thread-topic|content-description)$/i;

/** A header field as "Show original" lists it: its name as written, its value unfolded and decoded. */
export type HeaderField = { name: string; value: string };

/** Where a message's header block ends (its empty line), or -1 when `bytes` holds no complete one. */
export function headerBlockLength(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0x0a) return 1;
  if (buffer[0] === 0x0d && buffer[1] === 0x0a) return 2;
  const ends = [buffer.indexOf('\n\n'), buffer.indexOf('\n\r\n')].filter((at) => at >= 0);
  if (ends.length === 0) return -1;
  const end = Math.min(...ends);
  return end + (buffer[end + 1] === 0x0d ? 3 : 2);
}

/**
 * Every header field of a header block, in order, duplicates kept: folded lines joined, encoded-words
 * and 8-bit bytes decoded as the parser decodes them (charsets.ts). A line that is no field (no
 * colon) is kept as a field with an empty name, so nothing in the block is hidden.
 */
export function headerFields(block: Uint8Array): HeaderField[] {
  const charset = /^content-type:[^\n]*?;\s*charset\s*=\s*"?([^";\s]+)/im.exec(
    Buffer.from(block.buffer, block.byteOffset, block.byteLength)
      .toString('latin1')
      .replace(/\r?\n[ \t]+/g, ' '),
  )?.[1];
  const fields: HeaderField[] = [];
  const buffer = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
  for (let start = 0; start < buffer.length; ) {
    const newline = buffer.indexOf(0x0a, start);
    const end = newline < 0 ? buffer.length : newline;
    let line: Uint8Array = buffer.subarray(start, end > start && buffer[end - 1] === 0x0d ? end - 1 : end);
    start = end + 1;
    if (line.length === 0) break;
    if (!isAscii(line) && !isUtf8(line)) line = reencodeHeaderLine(line, charset);
    const text = Buffer.from(line).toString('utf8');
    const previous = fields[fields.length - 1];
    if ((text.startsWith(' ') || text.startsWith('\t')) && previous) {
      previous.value += text;
      continue;
    }
    const colon = text.indexOf(':');
    fields.push(colon > 0 ? { name: text.slice(0, colon).trim(), value: text.slice(colon + 1) } : { name: '', value: text });
  }
  return fields.map((field) => {
    const value = field.value.replace(/\s+/g, ' ').trim();
    return { name: field.name, value: TEXT_FIELD.test(field.name) ? decodeHeaderText(value) : decodeEncodedWords(value) };
  });
}
