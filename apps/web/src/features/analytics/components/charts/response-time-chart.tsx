import { ANALYTICS_LABELS, type AnalyticsChartsResponse, RESPONSE_TIME_LABELS } from '@penman/contract';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from './chart-colors.ts';

/** How many incoming emails the user answered within each time bucket. */
export function ResponseTimeChart({ responseTimes }: { responseTimes: AnalyticsChartsResponse['responseTimes'] }) {
  const data = responseTimes.buckets.map((bucket) => ({ label: RESPONSE_TIME_LABELS[bucket.key], count: bucket.count }));
  return (
    <div className="h-56 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 20 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12, fill: CHART_COLORS.axis }}
            tickLine={false}
            axisLine={{ stroke: CHART_COLORS.grid }}
          />
          <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12, fill: CHART_COLORS.axis }} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: 'oklch(0.962 0.018 272.314 / 0.6)' }} />
          <Bar
            dataKey="count"
            name={ANALYTICS_LABELS.charts.replies}
            fill={CHART_COLORS.sent}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          >
            <LabelList dataKey="count" position="top" style={{ fontSize: 12, fill: CHART_COLORS.axis }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
