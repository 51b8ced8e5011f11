import { ANALYTICS_LABELS, formatCount } from '@penman/contract';
import { CalendarDays, Inbox, type LucideIcon, Mail, Send } from 'lucide-react';
import type { AnalyticsMetrics } from './metrics.ts';

const CARDS: { key: keyof AnalyticsMetrics; icon: LucideIcon }[] = [
  { key: 'totalEmails', icon: Mail },
  { key: 'received', icon: Inbox },
  { key: 'sent', icon: Send },
  { key: 'dailyAverage', icon: CalendarDays },
];

/** Total, received, sent and the daily average of the selected accounts. */
export function MetricCards({ metrics, acrossAccounts }: { metrics: AnalyticsMetrics; acrossAccounts: boolean }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, icon: Icon }) => (
        <div key={key} className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
            {ANALYTICS_LABELS.metrics[key]}
            <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
              <Icon className="size-4" aria-hidden="true" />
            </span>
          </dt>
          <dd className="text-3xl font-semibold tabular-nums tracking-tight">{formatCount(metrics[key])}</dd>
          <dd className="text-xs text-muted-foreground">
            {key === 'dailyAverage' && acrossAccounts ? ANALYTICS_LABELS.metricHints.dailyAverageAll : ANALYTICS_LABELS.metricHints[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
