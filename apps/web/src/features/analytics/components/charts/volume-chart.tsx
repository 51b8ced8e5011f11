import { ANALYTICS_LABELS, type AnalyticsChartsResponse, type ChartGranularity } from '@penman/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from './chart-colors.ts';
import { formatPeriod } from './chart-summaries.ts';

const L = ANALYTICS_LABELS.charts;

/** Received and sent emails per day or week. */
export function VolumeChart({ volume, granularity }: { volume: AnalyticsChartsResponse['volume']; granularity: ChartGranularity }) {
  return (
    <div className="h-64 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={volume.points} barGap={0} barCategoryGap={volume.points.length > 60 ? 0 : '15%'} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis
            dataKey="period"
            tickFormatter={(period: string) => formatPeriod(period, true)}
            minTickGap={28}
            tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
            tickLine={false}
            axisLine={{ stroke: CHART_COLORS.grid }}
          />
          <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12, fill: CHART_COLORS.axis }} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: 'oklch(0.962 0.018 272.314 / 0.6)' }}
            labelFormatter={(period) => (granularity === 'week' ? `Week of ${formatPeriod(String(period))}` : formatPeriod(String(period)))}
          />
          <Legend iconType="square" wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="incoming" name={L.received} fill={CHART_COLORS.received} radius={[2, 2, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="outgoing" name={L.sent} fill={CHART_COLORS.sent} radius={[2, 2, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
