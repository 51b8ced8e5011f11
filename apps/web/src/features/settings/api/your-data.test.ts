import { describe, expect, it } from 'vitest';
import { blobOfStream } from './your-data.ts';

function streamOf(chunks: Uint8Array<ArrayBuffer>[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('blobOfStream', () => {
  it('keeps every byte in order when it folds the chunks into the Blob along the way', async () => {
    const chunks = Array.from({ length: 37 }, (_, i) => Uint8Array.from({ length: 1 + (i % 7) }, (_, j) => (i * 31 + j) % 256));
    const expected = Uint8Array.from(chunks.flatMap((chunk) => [...chunk]));
    const progress: number[] = [];
    // A fold every 10 bytes: many folds, with chunks left over at the end.
    const file = await blobOfStream(streamOf(chunks), (bytes) => progress.push(bytes), 10);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(expected);
    expect(file.type).toBe('application/zip');
    expect(progress).toHaveLength(chunks.length);
    expect(progress.at(-1)).toBe(expected.length);
  });

  it('gives an empty zip Blob for an empty stream', async () => {
    const file = await blobOfStream(streamOf([]), () => {}, 10);
    expect(file.size).toBe(0);
  });
});
