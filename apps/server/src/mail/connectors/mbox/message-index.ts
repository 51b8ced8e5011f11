/**
 * What a scan of an imported file keeps per message: its id (byte offset in an mbox, entry number
 * in a zip), where its bytes are, its virtual folder, its date and whether its body is read.
 * Typed arrays, about 40 bytes a message: half a million messages fit in 20 MB, whatever the size
 * of the file.
 */
export type MessageIndex = {
  count: number;
  /** Ascending. */
  ids: Float64Array;
  /** mbox: first byte of the message (after its From_ line); zip: first byte of the entry's data. */
  starts: Float64Array;
  /** mbox: length of the message; zip: compressed length of the entry's data. */
  lengths: Float64Array;
  /** zip: uncompressed length of the entry; mbox: the same as `lengths`. */
  sizes: Float64Array;
  /** zip only: 1 when the entry is deflated. */
  deflated: Uint8Array;
  folders: Uint8Array;
  /** ms since 1970; NaN when unknown. */
  dates: Float64Array;
  /** Why only the header block of the message is read (OMIT_* of limits.ts); 0: it is read whole. */
  omitted: Uint8Array;
};

export type IndexEntry = {
  id: number;
  start: number;
  length: number;
  size?: number;
  deflated?: boolean;
  folder: number;
  date: number;
  omitted?: number;
};

export class IndexBuilder {
  private index: MessageIndex = emptyIndex(1024);

  add(entry: IndexEntry): void {
    if (this.index.count === this.index.ids.length) this.grow();
    const target = this.index;
    const i = target.count++;
    target.ids[i] = entry.id;
    target.starts[i] = entry.start;
    target.lengths[i] = entry.length;
    target.sizes[i] = entry.size ?? entry.length;
    target.deflated[i] = entry.deflated ? 1 : 0;
    target.folders[i] = entry.folder;
    target.dates[i] = entry.date;
    target.omitted[i] = entry.omitted ?? 0;
  }

  /** The index, trimmed to its entries. */
  finish(): MessageIndex {
    const { count } = this.index;
    const trimmed = emptyIndex(count);
    copyInto(trimmed, this.index, count);
    return trimmed;
  }

  private grow() {
    const bigger = emptyIndex(this.index.ids.length * 2);
    copyInto(bigger, this.index, this.index.count);
    this.index = bigger;
  }
}

/** The position of `id` in the index, or -1. */
export function findId(index: MessageIndex, id: number): number {
  let low = 0;
  let high = index.count - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = index.ids[mid]!;
    if (value === id) return mid;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

function emptyIndex(capacity: number): MessageIndex {
  return {
    count: 0,
    ids: new Float64Array(capacity),
    starts: new Float64Array(capacity),
    lengths: new Float64Array(capacity),
    sizes: new Float64Array(capacity),
    deflated: new Uint8Array(capacity),
    folders: new Uint8Array(capacity),
    dates: new Float64Array(capacity),
    omitted: new Uint8Array(capacity),
  };
}

function copyInto(target: MessageIndex, source: MessageIndex, count: number) {
  target.count = count;
  target.ids.set(source.ids.subarray(0, count));
  target.starts.set(source.starts.subarray(0, count));
  target.lengths.set(source.lengths.subarray(0, count));
  target.sizes.set(source.sizes.subarray(0, count));
  target.deflated.set(source.deflated.subarray(0, count));
  target.folders.set(source.folders.subarray(0, count));
  target.dates.set(source.dates.subarray(0, count));
  target.omitted.set(source.omitted.subarray(0, count));
}
