import { type AnalyticsChartsResponse, type ChartGranularity, HEATMAP_WEEKDAYS, RESPONSE_TIME_LABELS } from '@penman/contract';

// The accessible text beside each chart: the figures a sighted reader takes from it.

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const periodFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortPeriodFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A chart period (YYYY-MM-DD, a UTC day or the Monday of a week) as 'Mar 4, 2024'. */
export function formatPeriod(period: string, short = false): string {
  const time = Date.parse(`${period}T00:00:00Z`);
  if (Number.isNaN(time)) return 'Invalid date';
  return (short ? shortPeriodFormat : periodFormat).format(time);
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

export function volumeSummary(volume: AnalyticsChartsResponse['volume'], granularity: ChartGranularity): string | null {
  const { points } = volume;
  if (points.length === 0) return null;
  const received = points.reduce((n, p) => n + p.incoming, 0);
  const sent = points.reduce((n, p) => n + p.outgoing, 0);
  const busiest = points.reduce((best, p) => (p.incoming + p.outgoing > best.incoming + best.outgoing ? p : best));
  const unit = granularity === 'day' ? 'day' : 'week';
  const busiestName = granularity === 'day' ? formatPeriod(busiest.period) : `the week of ${formatPeriod(busiest.period)}`;
  return (
    `${plural(points.length, unit)} from ${formatPeriod(points[0]!.period)} to ${formatPeriod(points.at(-1)!.period)}: ` +
    `${plural(received, 'email')} received and ${sent.toLocaleString('en-US')} sent. ` +
    `Busiest ${unit}: ${busiestName}, with ${plural(busiest.incoming + busiest.outgoing, 'email')}.` +
    (volume.truncated ? ' Older mail is not shown.' : '')
  );
}

const hourRange = (hour: number) => `${String(hour).padStart(2, '0')}:00-${String((hour + 1) % 24).padStart(2, '0')}:00 UTC`;

/** The busiest weekday and hour of a 7 x 24 grid, or null when it is empty. */
export function heatmapPeak(grid: number[][]): { weekday: number; hour: number; count: number; total: number } | null {
  let peak = { weekday: 0, hour: 0, count: 0, total: 0 };
  grid.forEach((row, weekday) => {
    row.forEach((count, hour) => {
      peak.total += count;
      if (count > peak.count) peak = { ...peak, weekday, hour, count };
    });
  });
  return peak.total === 0 ? null : peak;
}

export function heatmapSummary(grid: number[][], subject: 'received' | 'sent'): string {
  const peak = heatmapPeak(grid);
  const what = subject === 'received' ? 'emails received' : 'emails sent';
  if (!peak) return `No ${what}.`;
  const day = DAY_NAMES[peak.weekday]!;
  const busiestDay = grid.map((row) => row.reduce((a, b) => a + b, 0)).reduce((best, n, i, all) => (n > all[best]! ? i : best), 0);
  return (
    `${plural(peak.total, 'email')} ${subject}. ` +
    `Busiest hour: ${day} ${hourRange(peak.hour)} (${peak.count}). Busiest weekday: ${DAY_NAMES[busiestDay]}.`
  );
}

/** A cell's tooltip, e.g. 'Tue 14:00-15:00 UTC: 3 received'. */
export function heatmapCellLabel(weekday: number, hour: number, count: number, subject: 'received' | 'sent'): string {
  return `${HEATMAP_WEEKDAYS[weekday]} ${hourRange(hour)}: ${count} ${subject}`;
}

/** A duration in minutes as '25 min', '2.5 hours' or '3.2 days'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

export function responseTimeSummary(responseTimes: AnalyticsChartsResponse['responseTimes']): string | null {
  if (responseTimes.replies === 0) return null;
  const parts = responseTimes.buckets.map((bucket) => `${RESPONSE_TIME_LABELS[bucket.key]}: ${bucket.count}`).join(', ');
  const median = responseTimes.medianMinutes == null ? '' : ` Median response time: ${formatDuration(responseTimes.medianMinutes)}.`;
  return `You answered ${plural(responseTimes.replies, 'email')}.${median} ${parts}.`;
}
