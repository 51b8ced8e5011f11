import { TRAINING_LABELS, TRAINING_MESSAGES } from '@penman/contract';
import { CircleAlert, MailPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTrainingAccounts } from '../api/get-training-accounts.ts';
import { TrainingWorkspace } from './training-workspace.tsx';

const ACCOUNT_PARAM = 'account';

/** The Email Analysis Training screen (spec part 2 section 2): one account's download and analysis. */
export function TrainingScreen() {
  const accounts = useTrainingAccounts();
  const [params, setParams] = useSearchParams();
  const header = <PageHeader title={TRAINING_MESSAGES.title} description={TRAINING_LABELS.description} />;

  if (accounts.isPending) {
    return (
      <>
        {header}
        <div
          role="status"
          className="flex items-center justify-center gap-2 rounded-xl border bg-card px-6 py-12 text-sm text-muted-foreground"
        >
          <Spinner />
          {TRAINING_LABELS.loading}
        </div>
      </>
    );
  }
  if (accounts.isError) {
    return (
      <>
        {header}
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            {TRAINING_LABELS.loadFailed} {accounts.error.message}
          </span>
          <Button size="sm" variant="outline" onClick={() => void accounts.refetch()}>
            {TRAINING_LABELS.retry}
          </Button>
        </div>
      </>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={MailPlus}
          title={TRAINING_MESSAGES.noAccounts}
          action={
            <Button asChild variant="outline">
              <Link to="/dashboard/email-accounts">{TRAINING_LABELS.goToAccounts}</Link>
            </Button>
          }
        />
      </>
    );
  }

  const requested = params.get(ACCOUNT_PARAM);
  const account = accounts.data.find((candidate) => candidate.id === requested) ?? accounts.data[0]!;
  return (
    <>
      {header}
      {/* Keyed by account: the dates, the watched download and the dialogs belong to one account. */}
      <TrainingWorkspace
        key={account.id}
        accounts={accounts.data}
        account={account}
        onSelectAccount={(id) => setParams({ [ACCOUNT_PARAM]: id }, { replace: true })}
      />
    </>
  );
}
