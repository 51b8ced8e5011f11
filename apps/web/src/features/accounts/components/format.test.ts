import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize, formatRelativeTime } from './format.ts';

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-10T12:00:00Z');
  it.each([
    ['2025-06-10T11:59:55Z', '5s ago'],
    ['2025-06-10T12:00:03Z', '0s ago'],
    ['2025-06-10T11:58:00Z', '2m ago'],
    ['2025-06-10T09:00:00Z', '3h ago'],
    ['2025-06-08T12:00:00Z', 'Jun 8, 2025'],
    ['not a date', 'Invalid date'],
  ])('%s reads %s', (iso, text) => {
    expect(formatRelativeTime(iso, now)).toBe(text);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3.25 * 1024 ** 3, '3.25 GB'],
    [2 * 1024 ** 4, '2048 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

it('formats counts with thousands separators', () => {
  expect(formatCount(12345)).toBe('12,345');
});
