import { UI_LOCALE } from '@penman/contract';

const dateFormat = new Intl.DateTimeFormat(UI_LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** The spec's text for a missing or unreadable date. */
const INVALID_DATE = 'Invalid date';

function parse(iso: string | null): number {
  return iso === null ? Number.NaN : Date.parse(iso);
}

/** A date in the browser's time zone ('Jan 5, 2001'); missing or unreadable dates read 'Invalid date'. */
export function formatDate(iso: string | null): string {
  const time = parse(iso);
  return Number.isNaN(time) ? INVALID_DATE : dateFormat.format(time);
}

/** A date and time in the browser's time zone ('Jan 5, 2001, 4:05 PM'), or 'Invalid date'. */
export function formatDateTime(iso: string | null): string {
  const time = parse(iso);
  return Number.isNaN(time) ? INVALID_DATE : dateTimeFormat.format(time);
}
