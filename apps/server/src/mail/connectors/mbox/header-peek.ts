/**
 * The few headers an import needs before parsing: X-Gmail-Labels (Google Takeout files sent mail
 * under the label 'Sent') and Date (date-ranged downloads). Fed one header line at a time, so a scan
 * never holds more than these two values. Whether other mail is sent mail is the sync's to tell,
 * from its From and the user's addresses (which can change after the import).
 */
export const FOLDER_INBOX = 0;
export const FOLDER_SENT = 1;

const MAX_VALUE_CHARS = 4096;
const WANTED = new Map([
  ['x-gmail-labels', 'labels'],
  ['date', 'date'],
] as const);
type Wanted = 'labels' | 'date';

export class HeaderPeek {
  private values: Record<Wanted, string> = { labels: '', date: '' };
  private current: Wanted | null = null;

  /** One header line without its line ending; continuation lines start with a space or a tab. */
  line(bytes: Uint8Array, start: number, end: number): void {
    if (end <= start) return;
    const first = bytes[start];
    if (first === 0x20 || first === 0x09) {
      if (this.current) this.append(this.current, bytes, start, end);
      return;
    }
    this.current = null;
    // Only X-Gmail-Labels and Date matter: skip every other header without decoding it.
    const initial = first! | 0x20;
    if (initial !== 0x78 && initial !== 0x64) return;
    const colon = indexOf(bytes, 0x3a, start, Math.min(end, start + 40));
    if (colon < 0) return;
    const name = latin1(bytes, start, colon).trim().toLowerCase();
    const wanted = WANTED.get(name as 'date');
    // The first occurrence wins, as for any mail reader.
    if (!wanted || this.values[wanted]) return;
    this.current = wanted;
    this.append(wanted, bytes, colon + 1, end);
  }

  /** Where the message goes (Sent only when labelled so) and its date (ms since 1970; else `fallbackDate()`, else NaN). */
  classify(fallbackDate?: () => number): { folder: number; date: number } {
    const labels = this.values.labels ? this.values.labels.split(',').map((label) => label.trim().toLowerCase()) : [];
    const sent = labels.includes('sent') || labels.includes('sent mail');
    const parsed = this.values.date ? Date.parse(this.values.date.replace(/\s+/g, ' ').trim()) : Number.NaN;
    const date = Number.isFinite(parsed) ? parsed : (fallbackDate?.() ?? Number.NaN);
    return { folder: sent ? FOLDER_SENT : FOLDER_INBOX, date };
  }

  private append(which: Wanted, bytes: Uint8Array, start: number, end: number) {
    const room = MAX_VALUE_CHARS - this.values[which].length;
    if (room > 0) this.values[which] += latin1(bytes, start, Math.min(end, start + room));
  }
}

/** The date of an mbox 'From sender date' line ('From - Mon Jan  1 00:00:00 2001'), or NaN. */
export function fromLineDate(line: string): number {
  const match = /^From \S*\s+(.+)$/.exec(line.trim());
  return match ? Date.parse(match[1]!.replace(/\s+/g, ' ')) : Number.NaN;
}

/** Splits a header block into lines and classifies it (zip entries, whose headers come whole). */
export function peekHeaderBlock(block: Uint8Array): HeaderPeek {
  const peek = new HeaderPeek();
  let start = 0;
  while (start < block.length) {
    let end = indexOf(block, 0x0a, start, block.length);
    if (end < 0) end = block.length;
    const lineEnd = end > start && block[end - 1] === 0x0d ? end - 1 : end;
    if (lineEnd === start) break;
    peek.line(block, start, lineEnd);
    start = end + 1;
  }
  return peek;
}

/** The first `byte` in [start, end), or -1; looks no further than `end`. */
function indexOf(bytes: Uint8Array, byte: number, start: number, end: number): number {
  const at = bytes.subarray(start, end).indexOf(byte);
  return at >= 0 ? start + at : -1;
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('latin1', start, end);
}
