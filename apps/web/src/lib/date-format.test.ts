import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format.ts';

describe('formatDate and formatDateTime', () => {
  it.each([
    [null, 'Invalid date', 'Invalid date'],
    ['not a date', 'Invalid date', 'Invalid date'],
    ['', 'Invalid date', 'Invalid date'],
  ])('%s reads %s', (iso, date, dateTime) => {
    expect(formatDate(iso)).toBe(date);
    expect(formatDateTime(iso)).toBe(dateTime);
  });

  it('reads a real date', () => {
    expect(formatDate('2001-05-14T12:00:00.000Z')).toBe('May 14, 2001');
    expect(formatDateTime('2001-05-14T12:00:00.000Z')).toMatch(/^May 14, 2001, \d{1,2}:00 [AP]M$/);
  });
});
