import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

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
