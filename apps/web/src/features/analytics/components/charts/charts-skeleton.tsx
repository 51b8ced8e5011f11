import { ANALYTICS_LABELS } from '@penman/contract';

/** Shown while the charts' code or data loads. */
export function ChartsSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{ANALYTICS_LABELS.charts.loading}</span>
      <div className="h-80 animate-pulse rounded-xl border bg-card" />
      <div className="h-72 animate-pulse rounded-xl border bg-card" />
      <div className="h-72 animate-pulse rounded-xl border bg-card" />
    </div>
  );
}
