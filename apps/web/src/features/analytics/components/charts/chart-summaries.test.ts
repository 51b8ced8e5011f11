import { describe, expect, it } from 'vitest';
import { formatDuration, formatPeriod, heatmapCellLabel, heatmapSummary, responseTimeSummary, volumeSummary } from './chart-summaries.ts';

const grid = (cells: [number, number, number][]) => {
  const rows = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const [day, hour, n] of cells) rows[day]![hour] = n;
  return rows;
};

describe('chart summaries', () => {
  it('words a UTC period whatever the local time zone', () => {
    expect(formatPeriod('2024-03-04')).toBe('Mar 4, 2024');
    expect(formatPeriod('2024-03-04', true)).toBe('Mar 4');
    expect(formatPeriod('nope')).toBe('Invalid date');
  });

  it('sums the volume and names the busiest period', () => {
    const volume = {
      truncated: false,
      points: [
        { period: '2024-03-04', incoming: 1, outgoing: 2 },
        { period: '2024-03-05', incoming: 2, outgoing: 0 },
        { period: '2024-03-06', incoming: 0, outgoing: 1 },
      ],
    };
    expect(volumeSummary(volume, 'day')).toBe(
      '3 days from Mar 4, 2024 to Mar 6, 2024: 3 emails received and 3 sent. Busiest day: Mar 4, 2024, with 3 emails.',
    );
    expect(volumeSummary({ truncated: false, points: [{ period: '2024-03-04', incoming: 1, outgoing: 0 }] }, 'week')).toBe(
      '1 week from Mar 4, 2024 to Mar 4, 2024: 1 email received and 0 sent. Busiest week: the week of Mar 4, 2024, with 1 email.',
    );
    expect(volumeSummary({ ...volume, truncated: true }, 'day')).toMatch(/with 3 emails\. Older mail is not shown\.$/);
    expect(volumeSummary({ truncated: false, points: [] }, 'day')).toBeNull();
  });

  it('names the busiest hour and weekday of the heatmap', () => {
    expect(
      heatmapSummary(
        grid([
          [1, 14, 3],
          [0, 9, 2],
          [0, 10, 2],
        ]),
        'received',
      ),
    ).toBe('7 emails received. Busiest hour: Tuesday 14:00-15:00 UTC (3). Busiest weekday: Monday.');
    expect(heatmapSummary(grid([[6, 23, 1]]), 'sent')).toBe(
      '1 email sent. Busiest hour: Sunday 23:00-00:00 UTC (1). Busiest weekday: Sunday.',
    );
    expect(heatmapSummary(grid([]), 'sent')).toBe('No emails sent.');
    expect(heatmapCellLabel(1, 9, 4, 'received')).toBe('Tue 09:00-10:00 UTC: 4 received');
  });

  it('words the response times', () => {
    const buckets = [
      { key: 'under_1h' as const, count: 1 },
      { key: 'h1_4' as const, count: 1 },
      { key: 'h4_24' as const, count: 1 },
      { key: 'd1_3' as const, count: 1 },
      { key: 'over_3d' as const, count: 1 },
    ];
    expect(responseTimeSummary({ buckets, replies: 5, medianMinutes: 720 })).toBe(
      'You answered 5 emails. Median response time: 12 hours. <1h: 1, 1-4h: 1, 4-24h: 1, 1-3d: 1, >3d: 1.',
    );
    expect(responseTimeSummary({ buckets, replies: 0, medianMinutes: null })).toBeNull();
    expect([25, 60, 150, 2880 + 300].map(formatDuration)).toEqual(['25 min', '1 hour', '2.5 hours', '2.2 days']);
  });
});
