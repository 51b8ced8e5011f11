/** 'YYYY-MM-DD' of a date in UTC. */
export function calendarDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole calendar months from start to end by month difference, as the spec counts them (Jan 31 -> Apr 1 is 3). */
export function monthDifference(startDate: string, endDate: string): number {
  const [startYear, startMonth] = startDate.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = endDate.split('-').map(Number) as [number, number];
  return (endYear - startYear) * 12 + (endMonth - startMonth);
}

export type DownloadRangeProblem = 'start_after_end' | 'end_after_today' | 'too_short';

/**
 * The download range rules (spec part 2 sections 2 and 5): start not after end, end not after
 * today, and at least 3 months by month difference. Null when the range is valid.
 */
export function downloadRangeProblem(startDate: string, endDate: string, today: string, minMonths = 3): DownloadRangeProblem | null {
  if (startDate > endDate) return 'start_after_end';
  if (endDate > today) return 'end_after_today';
  if (monthDifference(startDate, endDate) < minMonths) return 'too_short';
  return null;
}
