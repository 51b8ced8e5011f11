import { DRAFTS_LABELS, formatCount, LEARNING_LABELS, type PausedAccount } from '@penman/contract';
import { FilePenLine } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { OverviewCard } from './overview-card.tsx';

const L = DRAFTS_LABELS.overview;

type DraftsToReviewCardProps = {
  counts: { pending: number; needsReview: number; paused?: PausedAccount[] } | undefined;
  failed: boolean;
};

/** How many drafts wait for the user, how many of them need a closer look, and the way to the queue. */
export function DraftsToReviewCard({ counts, failed }: DraftsToReviewCardProps) {
  return (
    <OverviewCard icon={FilePenLine} title={L.title} description={L.description} className="justify-end">
      {counts ? (
        <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <span>
            <span className="text-3xl font-semibold tabular-nums tracking-tight">{formatCount(counts.pending)}</span>{' '}
            <span className="text-sm text-muted-foreground">{L.pending}</span>
          </span>
          <span className={counts.needsReview > 0 ? 'text-warning-foreground' : 'text-muted-foreground'}>
            <span className="font-semibold tabular-nums">{formatCount(counts.needsReview)}</span>{' '}
            <span className="text-sm">{L.needsReview}</span>
          </span>
        </p>
      ) : failed ? (
        <p className="text-sm text-destructive">{L.failed}</p>
      ) : (
        <span className="h-9 w-16 animate-pulse rounded bg-muted" />
      )}
      {counts?.paused?.length ? (
        // Auto-drafting paused itself (issue 20): one sentence, and the way to turn it back on.
        <p role="status" className="text-sm text-warning-foreground">
          {LEARNING_LABELS.pausedDashboard(counts.paused.map((account) => account.emailAddress).join(', '))}{' '}
          <Link to={`/dashboard/drafts?account=${counts.paused[0]!.accountId}&settings=1`} className="underline underline-offset-2">
            {LEARNING_LABELS.pausedLink}
          </Link>
        </p>
      ) : null}
      <Link to="/dashboard/drafts" className={`${buttonVariants({ size: 'sm' })} self-start`}>
        {L.open}
      </Link>
    </OverviewCard>
  );
}
