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

/**
 * The range the date inputs start with: the one the server offers (the last session's that found
 * mail, else the newest months that hold mail), ending on this browser's today at the latest (the
 * server counts days in UTC).
 */
export function initialRange(today: CalendarDate, offered: DateRange): DateRange {
  if (offered.endDate <= today) return offered;
  return { startDate: offered.startDate <= today ? offered.startDate : today, endDate: today };
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
