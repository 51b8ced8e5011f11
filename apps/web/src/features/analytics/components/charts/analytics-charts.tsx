import { ANALYTICS_LABELS, type ChartGranularity } from '@penman/contract';
import { useState } from 'react';
import { cn } from '@/lib/utils.ts';
import { useCharts } from '../../api/get-charts.ts';
import { RetryAlert } from '../retry-alert.tsx';
import { ChartCard } from './chart-card.tsx';
import { CHART_COLORS } from './chart-colors.ts';
import { heatmapPeak, heatmapSummary, responseTimeSummary, volumeSummary } from './chart-summaries.ts';
import { ChartsSkeleton } from './charts-skeleton.tsx';
import { ResponseTimeChart } from './response-time-chart.tsx';
import { VolumeChart } from './volume-chart.tsx';
import { WeekdayHourHeatmap } from './weekday-hour-heatmap.tsx';

const L = ANALYTICS_LABELS.charts;

/** The 'Advanced Analytics' section: volume, weekday x hour and response times (recharts, its own chunk). */
export default function AnalyticsCharts({ accountId }: { accountId: string | null }) {
  const [granularity, setGranularity] = useState<ChartGranularity>('day');
  const charts = useCharts(accountId, granularity);

  if (charts.isError && !charts.data) return <RetryAlert message={L.loadFailed} onRetry={() => void charts.refetch()} />;
  if (!charts.data) return <ChartsSkeleton />;

  const { volume, heatmap, responseTimes } = charts.data;
  const hasHeatmap = heatmapPeak(heatmap.received) !== null || heatmapPeak(heatmap.sent) !== null;
  return (
    <div className="space-y-6" aria-busy={charts.isFetching}>
      <ChartCard
        title={L.volume}
        description={L.volumeDescription}
        summary={volumeSummary(volume, charts.data.granularity)}
        empty={L.volumeEmpty}
        actions={<GranularityToggle value={granularity} onChange={setGranularity} />}
      >
        <VolumeChart volume={volume} granularity={charts.data.granularity} />
      </ChartCard>
      <ChartCard
        title={L.heatmap}
        description={L.heatmapDescription}
        summary={
          hasHeatmap
            ? `${L.heatmapReceived}: ${heatmapSummary(heatmap.received, 'received')} ${L.heatmapSent}: ${heatmapSummary(heatmap.sent, 'sent')}`
            : null
        }
        empty={L.heatmapEmpty}
      >
        <div className="grid gap-x-8 gap-y-5 lg:grid-cols-2">
          <WeekdayHourHeatmap title={L.heatmapReceived} grid={heatmap.received} subject="received" color={CHART_COLORS.received} />
          <WeekdayHourHeatmap title={L.heatmapSent} grid={heatmap.sent} subject="sent" color={CHART_COLORS.sent} />
        </div>
      </ChartCard>
      <ChartCard
        title={L.responseTimes}
        description={L.responseTimesDescription}
        summary={responseTimeSummary(responseTimes)}
        empty={L.responseTimesEmpty}
      >
        <ResponseTimeChart responseTimes={responseTimes} />
      </ChartCard>
    </div>
  );
}

function GranularityToggle({ value, onChange }: { value: ChartGranularity; onChange: (value: ChartGranularity) => void }) {
  const options: [ChartGranularity, string][] = [
    ['day', L.byDay],
    ['week', L.byWeek],
  ];
  return (
    <fieldset className="inline-flex rounded-md border bg-muted p-0.5">
      <legend className="sr-only">{L.groupBy}</legend>
      {options.map(([option, label]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'rounded px-3 py-1 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === option ? 'bg-card text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
