import { TRAINING_LABELS, TRAINING_MESSAGES, type TrainingSession } from '@penman/contract';
import { CircleAlert, History, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { type SessionRow, sessionRow } from './session-view.ts';

type TrainingHistoryProps = {
  sessions: TrainingSession[];
  failed: boolean;
  deletingId: string | null;
  onDelete: (session: TrainingSession) => void;
};

const TONE_CLASSES: Record<SessionRow['tone'], string> = {
  busy: 'border-transparent bg-accent text-accent-foreground',
  success: 'border-transparent bg-emerald-100 text-emerald-800',
  error: 'border-transparent bg-destructive/10 text-destructive',
};

/** The 5 most recent sessions, each with its kind, range, status, count, duration, error and a delete action. */
export function TrainingHistory({ sessions, failed, deletingId, onDelete }: TrainingHistoryProps) {
  const headingId = useId();
  if (failed) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        <CircleAlert className="size-4" aria-hidden="true" />
        {TRAINING_MESSAGES.failedToLoadHistory}
      </p>
    );
  }
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <History className="size-4 text-primary" aria-hidden="true" />
          {TRAINING_MESSAGES.trainingHistory}
        </h3>
        <span className="text-xs text-muted-foreground">{TRAINING_LABELS.historyDescription}</span>
      </div>
      <ul className="divide-y rounded-lg border" aria-labelledby={headingId}>
        {sessions.map((session) => {
          const row = sessionRow(session);
          const when = formatDateTime(session.initiatedAt);
          const deleting = deletingId === session.id;
          return (
            <li key={session.id} className="flex items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="text-sm font-medium">{row.kind}</span>
                  <Badge className={cn(TONE_CLASSES[row.tone])}>{row.status}</Badge>
                </div>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {row.range} · {row.count}
                  {row.duration ? ` · ${row.duration}` : ''}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={session.initiatedAt}>{when}</time>
                </p>
                {row.error ? <p className="mt-1 text-xs text-destructive break-words">{row.error}</p> : null}
              </div>
              <Button
                size="icon-sm"
                variant="ghost"
                className="text-muted-foreground hover:text-destructive"
                aria-label={TRAINING_LABELS.deleteSession(when)}
                title={TRAINING_LABELS.deleteSession(when)}
                onClick={() => onDelete(session)}
                disabled={deleting}
              >
                {deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
