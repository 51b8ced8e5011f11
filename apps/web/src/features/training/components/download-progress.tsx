import { formatCount, TRAINING_LABELS, TRAINING_MESSAGES, type TrainingSession } from '@penman/contract';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils.ts';
import { sessionRow } from './session-view.ts';

/**
 * The 'Download in Progress' box: status, emails downloaded and any error of the running session;
 * once the watched session ends it stays with its outcome until the next run.
 */
export function DownloadProgress({ session }: { session: TrainingSession }) {
  const titleId = useId();
  const row = sessionRow(session);
  const running = session.status === 'downloading';
  const title = running
    ? TRAINING_MESSAGES.downloadInProgress
    : session.status === 'completed'
      ? TRAINING_MESSAGES.downloadCompleted
      : TRAINING_MESSAGES.downloadFailedTitle;
  const Icon = running ? LoaderCircle : session.status === 'completed' ? CircleCheck : CircleAlert;

  return (
    <section
      aria-labelledby={titleId}
      aria-live="polite"
      className={cn(
        'rounded-lg border px-4 py-3',
        running && 'border-primary/30 bg-accent/60',
        session.status === 'completed' && 'border-emerald-300 bg-emerald-50',
        session.status === 'failed' && 'border-destructive/30 bg-destructive/5',
      )}
    >
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <Icon
          className={cn('size-4', running && 'animate-spin text-primary', session.status === 'failed' && 'text-destructive')}
          aria-hidden="true"
        />
        {title}
      </h3>
      {running ? (
        <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-primary/15" aria-hidden="true">
          <div className="h-full w-full animate-pulse rounded-full bg-primary/70" />
        </div>
      ) : null}
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_auto_1fr]">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{TRAINING_LABELS.progressStatus}:</dt>
          <dd className="font-medium">{row.status}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{TRAINING_LABELS.progressDownloaded}:</dt>
          <dd className="font-medium tabular-nums">{formatCount(session.totalEmailsDownloaded)}</dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="text-muted-foreground">{row.kind}:</dt>
          <dd className="min-w-0 truncate">{row.range}</dd>
        </div>
      </dl>
      {row.error ? (
        <p className="mt-2 text-sm text-destructive">
          <span className="font-medium">{TRAINING_LABELS.progressError}:</span> {row.error}
        </p>
      ) : null}
    </section>
  );
}
