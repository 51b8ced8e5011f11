import { DASHBOARD_LABELS } from '@penman/contract';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { registerAccountUpdates } from '@/features/accounts/api/account-updates.ts';
import { accountsQueryOptions, useAccounts } from '@/features/accounts/api/get-accounts.ts';
import { draftCountsQueryOptions, useDraftCounts } from '@/features/drafts/api/get-draft-counts.ts';
import { registerFileUpdates } from '@/features/files/api/file-updates.ts';
import { dashboardStatsQueryOptions, useDashboardStats } from '@/features/overview/api/get-dashboard-stats.ts';
import { recentActivityQueryOptions, useRecentActivity } from '@/features/overview/api/get-recent-activity.ts';
import { registerOverviewUpdates } from '@/features/overview/api/overview-updates.ts';
import { ConnectAccountsCard } from '@/features/overview/components/connect-accounts-card.tsx';
import { DraftsToReviewCard } from '@/features/overview/components/drafts-to-review-card.tsx';
import { KnowledgeBaseCard } from '@/features/overview/components/knowledge-base-card.tsx';
import { RecentActivityCard } from '@/features/overview/components/recent-activity-card.tsx';
import { StatCards } from '@/features/overview/components/stat-cards.tsx';
import { TrainingBanner } from '@/features/overview/components/training-banner.tsx';
import { SESSION_QUERY_KEY, useAuth } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { useNow } from '@/lib/relative-time.ts';

// Sync batches and initialization steps change the counts and the feed, uploads the file counts: keep them live.
registerAccountUpdates();
registerOverviewUpdates();
registerFileUpdates();

const RELATIVE_TIME_TICK_MS = 15_000;

/** Starts the overview's requests while the page's code loads (when the session is known to be signed in). */
export function loader() {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  void queryClient.prefetchQuery(dashboardStatsQueryOptions());
  void queryClient.prefetchQuery(recentActivityQueryOptions());
  void queryClient.prefetchQuery(accountsQueryOptions());
  void queryClient.prefetchQuery(draftCountsQueryOptions());
  return null;
}

export function Component() {
  const { user } = useAuth();
  const stats = useDashboardStats();
  const activity = useRecentActivity();
  const accounts = useAccounts();
  const draftCounts = useDraftCounts();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  // Without a mailbox, connecting one is the next step: its card comes first (before 0 drafts to review).
  const firstStep = accounts.data?.length === 0;
  const connectCard = <ConnectAccountsCard accounts={accounts.data} />;
  // The banner (or none, without accounts) and the cards' order depend on the accounts: the cards
  // come with them, below the banner's loading state, so nothing a user may be reaching for moves.
  const accountsKnown = !accounts.isPending;

  return (
    <>
      <PageHeader title={DASHBOARD_LABELS.welcomeBack} description={user?.email} />
      <div className="space-y-6">
        <StatCards stats={stats.data} failed={stats.isError} retrying={stats.isFetching} onRetry={() => void stats.refetch()} />
        <TrainingBanner statuses={accounts.isError ? [] : accounts.data?.map((account) => account.trainingStatus)} />
        {accountsKnown ? (
          <>
            <div className="grid gap-6 lg:grid-cols-3">
              {firstStep ? connectCard : null}
              <DraftsToReviewCard counts={draftCounts.data} failed={draftCounts.isError} />
              {firstStep ? null : connectCard}
              <KnowledgeBaseCard />
            </div>
            <RecentActivityCard events={activity.data} failed={activity.isError} onRetry={() => void activity.refetch()} now={now} />
          </>
        ) : null}
      </div>
    </>
  );
}
