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

const pad = (value: number) => String(value).padStart(2, '0');

/** `months` calendar months before a 'YYYY-MM-DD' date, on the same day or the month's last day (May 31 - 3 months = Feb 28). */
export function subtractMonths(value: string, months: number): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - months;
  const toYear = Math.floor(index / 12);
  const toMonth = index - toYear * 12 + 1;
  const lastDay = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  return `${toYear}-${pad(toMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * The range a download starts with (spec part 2 section 5, made to find mail): the last session's
 * dates when that session found mail; else the newest `minMonths` or more that hold mail: from
 * `minMonths` before the older of the newest received and the newest sent email (so Build Inbox
 * Contacts and Generate Sent Style Corpus both find some) to the newer one, today at the latest;
 * else, with no mail stored yet, the last `minMonths` up to today. An archive whose mail ends in
 * 2002 is offered its last months, not 3 empty ones.
 */
export function defaultDownloadRange({
  today,
  lastRangeWithMail,
  newestMailDates,
  minMonths = 3,
}: {
  today: string;
  lastRangeWithMail: { startDate: string; endDate: string } | null;
  /** The day of the newest received email and of the newest sent one ('YYYY-MM-DD'), those that exist. */
  newestMailDates: readonly string[];
  minMonths?: number;
}): { startDate: string; endDate: string } {
  if (lastRangeWithMail) return lastRangeWithMail;
  const days = newestMailDates.map((day) => (day < today ? day : today)).sort();
  const endDate = days.at(-1) ?? today;
  return { startDate: subtractMonths(days[0] ?? today, minMonths), endDate };
}
