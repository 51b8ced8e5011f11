import { formatCount, TRAINING_FIGURES, TRAINING_LABELS, TRAINING_MESSAGES, type TrainingOverview } from '@penman/contract';
import { ArrowRight, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { formatCalendarDate } from './date-range.ts';

type TrainingDetailsProps = {
  overview: TrainingOverview;
  recalculating: boolean;
  onRecalculate: () => void;
};

/** The Training Data Details panel (spec part 2 section 2): the account's counts, last sync and last range. */
export function TrainingDetails({ overview, recalculating, onRecalculate }: TrainingDetailsProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-lg border bg-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-background/60 px-4 py-3">
        <h3 id={headingId} className="text-sm font-semibold">
          {TRAINING_MESSAGES.detailsTitle}
        </h3>
        <Button size="sm" variant="ghost" onClick={onRecalculate} disabled={recalculating} aria-busy={recalculating}>
          <RefreshCw aria-hidden="true" className={recalculating ? 'animate-spin' : undefined} />
          {recalculating ? TRAINING_LABELS.recalculating : TRAINING_MESSAGES.recalculate}
        </Button>
      </div>
      {/* Each figure draws its right and bottom border; the outermost ones are clipped by the panel. */}
      <dl className="-mr-px -mb-px grid grid-cols-1 min-[420px]:grid-cols-2 lg:grid-cols-3">
        <Detail label={TRAINING_FIGURES.trainingEmailsAvailable.label} counts={TRAINING_FIGURES.trainingEmailsAvailable.counts}>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-xl font-semibold tabular-nums">{formatCount(overview.outgoingEmailsCount)}</span>
            <Button asChild size="sm" variant="link" className="h-auto">
              <Link to={`/dashboard/emails?account=${encodeURIComponent(overview.emailAccountId)}`}>
                {TRAINING_MESSAGES.show}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </span>
        </Detail>
        <Detail
          label={TRAINING_FIGURES.downloadedForTraining.label}
          counts={TRAINING_FIGURES.downloadedForTraining.counts}
          value={formatCount(overview.trainingEmailsCount)}
        />
        <Detail label={TRAINING_MESSAGES.totalEmailsDownloaded} value={formatCount(overview.totalEmailsCountActual)} />
        <Detail label={TRAINING_MESSAGES.emailsReceived} value={formatCount(overview.incomingEmailsCount)} />
        <Detail label={TRAINING_MESSAGES.emailsSent} value={formatCount(overview.outgoingEmailsCount)} />
        <Detail
          label={TRAINING_MESSAGES.lastSync}
          value={overview.lastSyncAt ? formatDateTime(overview.lastSyncAt) : TRAINING_MESSAGES.never}
          small
        />
        {overview.lastStartDate ? (
          <Detail label={TRAINING_MESSAGES.lastStartDate} value={formatCalendarDate(overview.lastStartDate)} small />
        ) : null}
        {overview.lastEndDate ? (
          <Detail label={TRAINING_MESSAGES.lastEndDate} value={formatCalendarDate(overview.lastEndDate)} small />
        ) : null}
      </dl>
    </section>
  );
}

type DetailProps = { label: string; value?: string; small?: boolean; children?: React.ReactNode; counts?: string };

/** One figure; `counts` says what it counts, where two figures could be read as the same thing. */
function Detail({ label, value, small = false, children, counts }: DetailProps) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 border-r border-b px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={small ? 'text-sm font-medium' : 'text-xl font-semibold tabular-nums'}>{children ?? value}</dd>
      {counts ? <dd className="text-xs text-muted-foreground">{counts}</dd> : null}
    </div>
  );
}
