import { describe, expect, it } from 'vitest';
import { calendarToday, formatCalendarDate, initialRange, rangeProblem } from './date-range.ts';

describe('calendarToday', () => {
  it('is a YYYY-MM-DD date never after the UTC date', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(calendarToday(now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(calendarToday(now) <= '2025-03-10').toBe(true);
  });
});

describe('initialRange', () => {
  it('is the range the server offers', () => {
    expect(initialRange('2025-06-15', { startDate: '2001-10-30', endDate: '2002-01-30' })).toEqual({
      startDate: '2001-10-30',
      endDate: '2002-01-30',
    });
  });
  it("ends on this browser's today when the server's UTC day is already tomorrow", () => {
    expect(initialRange('2025-06-15', { startDate: '2025-03-16', endDate: '2025-06-16' })).toEqual({
      startDate: '2025-03-16',
      endDate: '2025-06-15',
    });
  });
});

describe('rangeProblem', () => {
  const today = '2025-06-15';
  const check = (startDate: string, endDate: string, accountId: string | null = 'account', minMonths?: number) =>
    rangeProblem({ accountId, startDate, endDate, today, ...(minMonths === undefined ? {} : { minMonths }) });

  it('needs an account and both dates: Missing Information', () => {
    for (const problem of [check('2025-01-01', '2025-06-01', null), check('', '2025-06-01'), check('2025-01-01', '')]) {
      expect(problem).toEqual({ title: 'Missing Information', description: 'Please select an email account and date range.' });
    }
  });

  it.each([
    ['2025-03-15', '2025-06-15', null],
    ['2025-03-31', '2025-06-01', null],
    ['2025-01-31', '2025-04-01', null],
    ['2024-11-30', '2025-02-01', null],
    ['2025-03-01', '2025-05-31', 'The date range must be at least 3 months.'],
    ['2025-04-01', '2025-06-15', 'The date range must be at least 3 months.'],
    ['2024-12-15', '2025-02-28', 'The date range must be at least 3 months.'],
  ])('%s to %s by month difference: %s', (start, end, description) => {
    const problem = check(start, end);
    if (description === null) expect(problem).toBeNull();
    else expect(problem).toEqual({ title: 'Invalid Date Range', description });
  });

  it('refuses a start after the end and an end after today', () => {
    expect(check('2025-06-10', '2025-01-01')?.description).toBe('The start date must be on or before the end date.');
    expect(check('2025-01-01', '2025-06-16')?.description).toBe('The end date cannot be after today.');
    expect(check('2025-01-01', '2025-06-16')?.title).toBe('Invalid Date Range');
  });

  it('has no minimum for the inbox and sent runs', () => {
    expect(check('2025-06-01', '2025-06-15', 'account', 0)).toBeNull();
  });
});

describe('formatCalendarDate', () => {
  it('reads the same date in every time zone', () => {
    expect(formatCalendarDate('2001-05-01')).toBe('May 1, 2001');
    expect(formatCalendarDate('2001-05-01T00:00:00.000Z')).toBe('May 1, 2001');
  });
  it("is 'Invalid date' when unreadable", () => {
    expect(formatCalendarDate(null)).toBe('Invalid date');
    expect(formatCalendarDate('2001-02-30')).toBe('Invalid date');
  });
});
