import { describe, expect, it } from 'vitest';
import { defaultDownloadRange, monthDifference, subtractMonths } from './date-range.ts';

describe('subtractMonths', () => {
  it.each([
    ['2025-06-15', 3, '2025-03-15'],
    ['2025-02-10', 3, '2024-11-10'],
    ['2025-05-31', 3, '2025-02-28'],
    ['2024-05-31', 3, '2024-02-29'],
    ['2025-01-01', 12, '2024-01-01'],
  ])('%s minus %i months is %s', (date, months, expected) => {
    expect(subtractMonths(date, months)).toBe(expected);
  });
});

describe('defaultDownloadRange', () => {
  const today = '2026-11-24';
  const range = (newestMailDates: string[], lastRangeWithMail: { startDate: string; endDate: string } | null = null) =>
    defaultDownloadRange({ today, lastRangeWithMail, newestMailDates });

  it('is the last 3 months up to today while no mail is stored', () => {
    expect(range([])).toEqual({ startDate: '2026-08-24', endDate: today });
  });

  it('is the newest 3 months that hold mail for an archive that ends in 2002', () => {
    expect(range(['2002-01-30', '2002-01-30'])).toEqual({ startDate: '2001-10-30', endDate: '2002-01-30' });
  });

  it('reaches back to the newest sent mail when it is older than the newest received, so both runs find mail', () => {
    const offered = range(['2002-01-30', '2001-05-08']);
    expect(offered).toEqual({ startDate: '2001-02-08', endDate: '2002-01-30' });
    expect(monthDifference(offered.startDate, offered.endDate)).toBeGreaterThanOrEqual(3);
  });

  it('never ends after today (mail dated in the future)', () => {
    expect(range(['2031-01-01', '2026-10-01'])).toEqual({ startDate: '2026-07-01', endDate: today });
  });

  it("reuses the last session's dates when it found mail", () => {
    expect(range(['2002-01-30'], { startDate: '2001-01-01', endDate: '2001-12-31' })).toEqual({
      startDate: '2001-01-01',
      endDate: '2001-12-31',
    });
  });
});
