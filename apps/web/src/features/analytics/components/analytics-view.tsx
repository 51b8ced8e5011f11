import { ANALYTICS_LABELS, ANALYTICS_MESSAGES, DASHBOARD_LABELS, type EmailAccount, TOAST_MS } from '@penman/contract';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useNow } from '@/lib/relative-time.ts';
import { useCalculateTopSenders } from '../api/calculate-top-senders.ts';
import { useRecalculateStatistics } from '../api/recalculate-statistics.ts';
import { AccountDetails } from './account-details.tsx';
import { AccountSelector } from './account-selector.tsx';
import { ChartsSkeleton } from './charts/charts-skeleton.tsx';
import { MetricCards } from './metric-cards.tsx';
import { analyticsMetrics } from './metrics.ts';
import { ALL_ACCOUNTS } from './selection.ts';
import { TopSendersCard } from './top-senders-card.tsx';

// recharts is large: the charts are their own chunk, loaded after the figures above them render.
const AnalyticsCharts = lazy(() => import('./charts/analytics-charts.tsx'));

const RELATIVE_TIME_TICK_MS = 15_000;

const failureMessage = (error: unknown) => (error instanceof Error && error.message.trim() ? error.message : undefined);

type AnalyticsViewProps = {
  accounts: EmailAccount[];
  /** An account id, or ALL_ACCOUNTS. */
  selected: string;
  onSelect: (selected: string) => void;
  /** Receives every account the server answers after a recalculation. */
  onAccountUpdated: (account: EmailAccount) => void;
};

/** The Analytics screen for the user's accounts (at least one). */
export function AnalyticsView({ accounts, selected, onSelect, onAccountUpdated }: AnalyticsViewProps) {
  const now = useNow(RELATIVE_TIME_TICK_MS);
  const chosen = selected === ALL_ACCOUNTS ? accounts : accounts.filter((account) => account.id === selected);
  const single = chosen.length === 1 ? chosen[0]! : null;
  const recalculation = useRecalculateStatistics({ onUpdated: onAccountUpdated });
  const topSenders = useCalculateTopSenders({ onUpdated: onAccountUpdated });

  const recalculate = () =>
    recalculation.mutate(
      chosen.map((account) => account.id),
      {
        onSuccess: () => toast.success(ANALYTICS_MESSAGES.recalculateSucceeded, { duration: TOAST_MS.default }),
        onError: (error) =>
          toast.error(ANALYTICS_MESSAGES.recalculateFailed, { description: failureMessage(error), duration: TOAST_MS.default }),
      },
    );
  const calculateTopSenders = (accountId: string) =>
    topSenders.mutate(accountId, {
      onSuccess: () => toast.success(ANALYTICS_MESSAGES.topSendersSucceeded, { duration: TOAST_MS.default }),
      onError: (error) =>
        toast.error(ANALYTICS_MESSAGES.topSendersFailed, { description: failureMessage(error), duration: TOAST_MS.default }),
    });

  return (
    <>
      <PageHeader
        title={DASHBOARD_LABELS.pageTitles.analytics}
        description={ANALYTICS_LABELS.description}
        actions={
          <Button onClick={recalculate} disabled={recalculation.isPending}>
            <RefreshCw aria-hidden="true" className={recalculation.isPending ? 'animate-spin' : undefined} />
            {recalculation.isPending ? ANALYTICS_LABELS.recalculating : ANALYTICS_LABELS.recalculate}
          </Button>
        }
      />
      <div className="space-y-6">
        <AccountSelector accounts={accounts} value={selected} onChange={onSelect} />
        <MetricCards metrics={analyticsMetrics(chosen)} acrossAccounts={chosen.length > 1} />
        <div className="grid gap-6 lg:grid-cols-2">
          <AccountDetails accounts={chosen} now={now} />
          <TopSendersCard
            account={single}
            calculating={topSenders.isPending}
            onCalculate={() => single && calculateTopSenders(single.id)}
          />
        </div>
        <section aria-labelledby="advanced-analytics" className="space-y-4">
          <div>
            <h2 id="advanced-analytics" className="text-lg font-semibold tracking-tight">
              {ANALYTICS_LABELS.charts.title}
            </h2>
            <p className="text-sm text-muted-foreground">{ANALYTICS_LABELS.charts.timeZoneNote}</p>
          </div>
          <Suspense fallback={<ChartsSkeleton />}>
            <AnalyticsCharts accountId={single?.id ?? null} />
          </Suspense>
        </section>
      </div>
    </>
  );
}
