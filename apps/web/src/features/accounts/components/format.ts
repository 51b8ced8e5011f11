const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const countFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A past moment as the spec's 's, m, h ago' (later than a day: the date). */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Invalid date';
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < MINUTE) return `${seconds}s ago`;
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`;
  return dateFormat.format(time);
}

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'Invalid date' : dateFormat.format(time);
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'Invalid date' : dateTimeFormat.format(time);
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** File sizes in Bytes, KB, MB or GB, base 1024 (spec). */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : Number(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}
