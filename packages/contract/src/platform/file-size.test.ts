import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize (Bytes, KB, MB, GB, base 1024)', () => {
  it.each([
    [0, '0 Bytes'],
    [12, '12 Bytes'],
    [1024, '1 KB'],
    [48_128, '47 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [2 * 1024 ** 4, '2048 GB'],
    [-1, '0 Bytes'],
    [Number.NaN, '0 Bytes'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
