import { ANALYTICS_LABELS, ANALYTICS_MESSAGES, DASHBOARD_LABELS } from '@penman/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { registerAccountUpdates } from '@/features/accounts/api/account-updates.ts';
import { accountsQueryOptions, storeAccount, useAccounts } from '@/features/accounts/api/get-accounts.ts';
import { AnalyticsView } from '@/features/analytics/components/analytics-view.tsx';
import { RetryAlert } from '@/features/analytics/components/retry-alert.tsx';
import { ALL_ACCOUNTS, resolveSelection } from '@/features/analytics/components/selection.ts';
import { SESSION_QUERY_KEY, useAuth } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';

// The counters change while mail downloads: keep the accounts (and so the figures) live.
registerAccountUpdates();

/** Starts the accounts request while the page's code loads (when the session is known to be signed in). */
export function loader() {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  void queryClient.prefetchQuery(accountsQueryOptions());
  return null;
}

export function Component() {
  const { user } = useAuth();
  const accounts = useAccounts();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();

  if (!user) return <p className="text-sm text-muted-foreground">{ANALYTICS_MESSAGES.signInRequired}</p>;
  const header = <PageHeader title={DASHBOARD_LABELS.pageTitles.analytics} description={ANALYTICS_LABELS.description} />;
  if (accounts.isPending) {
    return (
      <>
        {header}
        <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {ANALYTICS_LABELS.loading}
        </div>
      </>
    );
  }
  if (accounts.isError) {
    return (
      <>
        {header}
        <RetryAlert message={ANALYTICS_LABELS.loadFailed} onRetry={() => void accounts.refetch()} />
      </>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={ChartColumn}
          title={ANALYTICS_LABELS.noAccountsTitle}
          action={
            <Link to="/dashboard/email-accounts" className={buttonVariants()}>
              {ANALYTICS_LABELS.goToAccounts}
            </Link>
          }
        >
          {ANALYTICS_LABELS.noAccountsBody}
        </EmptyState>
      </>
    );
  }
  return (
    <AnalyticsView
      accounts={accounts.data}
      selected={resolveSelection(params.get('account'), accounts.data)}
      onSelect={(selected) => setParams(selected === ALL_ACCOUNTS ? {} : { account: selected }, { replace: true })}
      onAccountUpdated={(account) => storeAccount(client, account)}
    />
  );
}
