import { downloadRangeProblem, MIN_DOWNLOAD_RANGE_MONTHS, TRAINING_LABELS, TRAINING_MESSAGES } from '@penman/contract';

/** A calendar date as the date inputs and the API read it: 'YYYY-MM-DD'. */
export type CalendarDate = string;

export type DateRange = { startDate: CalendarDate; endDate: CalendarDate };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Today for the date inputs: the earlier of the user's local date and the UTC date, so the latest
 * end date offered is one the server (which checks end <= today in UTC) accepts everywhere.
 */
export function calendarToday(now: Date): CalendarDate {
  const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const utc = now.toISOString().slice(0, 10);
  return local < utc ? local : utc;
}

function parts(value: CalendarDate): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** `months` calendar months before `value`, on the same day or the month's last day (May 31 - 3 months = Feb 28). */
export function subtractMonths(value: CalendarDate, months: number): CalendarDate {
  const date = parts(value);
  if (!date) return value;
  const index = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(date.day, lastDay))}`;
}

/**
 * The range a download starts with: the last session's dates when the account has history,
 * otherwise the last 3 months ending today.
 */
export function defaultRange(today: CalendarDate, last: { lastStartDate: string | null; lastEndDate: string | null } | null): DateRange {
  const lastStart = last?.lastStartDate?.slice(0, 10);
  const lastEnd = last?.lastEndDate?.slice(0, 10);
  if (lastStart && lastEnd && parts(lastStart) && parts(lastEnd)) return { startDate: lastStart, endDate: lastEnd };
  return { startDate: subtractMonths(today, MIN_DOWNLOAD_RANGE_MONTHS), endDate: today };
}

export type RangeProblem = { title: string; description: string };

/**
 * Why a run cannot start with this account and range (spec part 2 section 5), or null: an account
 * and both dates are required, start <= end <= today, and for the training download at least 3
 * months by month difference (the contract's rule, which the server checks again; the inbox and
 * sent runs have no minimum).
 */
export function rangeProblem({
  accountId,
  startDate,
  endDate,
  today,
  minMonths = MIN_DOWNLOAD_RANGE_MONTHS,
}: DateRange & { accountId: string | null; today: CalendarDate; minMonths?: number }): RangeProblem | null {
  if (!accountId || !parts(startDate) || !parts(endDate)) {
    return { title: TRAINING_MESSAGES.missingInformationTitle, description: TRAINING_MESSAGES.missingInformation };
  }
  const problem = downloadRangeProblem(startDate, endDate, today, minMonths);
  if (problem === null) return null;
  const description = {
    start_after_end: TRAINING_LABELS.startAfterEnd,
    end_after_today: TRAINING_LABELS.endInFuture,
    too_short: TRAINING_MESSAGES.invalidRange,
  }[problem];
  return { title: TRAINING_MESSAGES.invalidRangeTitle, description };
}

const calendarFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar date as 'Jan 5, 2025', the same in every time zone; 'Invalid date' when unreadable. */
export function formatCalendarDate(value: string | null): string {
  const date = value ? parts(value.slice(0, 10)) : null;
  if (!date) return 'Invalid date';
  return calendarFormat.format(Date.UTC(date.year, date.month - 1, date.day));
}
