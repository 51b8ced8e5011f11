import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '@penman/contract';
import { CircleAlert, MailPlus, Plus, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useNow } from '@/lib/relative-time.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { AccountCard } from './account-card.tsx';
import { Skeleton } from './ui/skeleton.tsx';

const RELATIVE_TIME_TICK_MS = 15_000;

/** The user's accounts, newest first, with loading, empty and error states. */
export function AccountList({ onAddAccount }: { onAddAccount: () => void }) {
  const accounts = useAccounts();
  const now = useNow(RELATIVE_TIME_TICK_MS);

  if (accounts.isPending) return <AccountListSkeleton />;

  if (accounts.isError) {
    return (
      <EmptyState
        icon={CircleAlert}
        title={ACCOUNT_MESSAGES.fetchFailed}
        className="border-destructive/30"
        action={
          <Button variant="outline" onClick={() => void accounts.refetch()} disabled={accounts.isFetching}>
            {accounts.isFetching ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            {ACCOUNT_LABELS.retry}
          </Button>
        }
      >
        <span role="alert">{accounts.error.message}</span>
      </EmptyState>
    );
  }

  if (accounts.data.length === 0) {
    return (
      <EmptyState
        icon={MailPlus}
        title={ACCOUNT_LABELS.emptyTitle}
        action={
          <Button onClick={onAddAccount}>
            <Plus aria-hidden="true" />
            {ACCOUNT_LABELS.addAccount}
          </Button>
        }
      >
        {ACCOUNT_LABELS.emptyBody}
      </EmptyState>
    );
  }

  return (
    <ul className="grid gap-6" aria-label={ACCOUNT_LABELS.accountsList}>
      {accounts.data.map((account) => (
        <li key={account.id}>
          <AccountCard account={account} now={now} />
        </li>
      ))}
    </ul>
  );
}

function AccountListSkeleton() {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">{ACCOUNT_LABELS.loadingAccounts}</span>
      {[0, 1].map((key) => (
        <div key={key} className="rounded-xl border bg-card p-5 shadow-sm">
          <div className="flex items-center gap-4">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-56 max-w-full" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-5 w-24" />
          </div>
          <div className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[0, 1, 2, 3].map((stat) => (
              <Skeleton key={stat} className="h-12" />
            ))}
          </div>
          <div className="mt-5 grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
