import { type ActivityEvent, activityText, OVERVIEW_LABELS } from '@penman/contract';
import { Activity, CircleCheck, FileUp, type LucideIcon, Mail, Play, RefreshCw, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { formatRelativeTime } from '@/lib/relative-time.ts';
import { OverviewCard } from './overview-card.tsx';

const ICONS: Record<string, LucideIcon> = {
  'account.connected': Mail,
  'account.initialization_started': Play,
  'account.initialized': CircleCheck,
  'sync.finished': RefreshCw,
  'file.uploaded': FileUp,
};

const L = OVERVIEW_LABELS.recentActivity;

type RecentActivityCardProps = { events: ActivityEvent[] | undefined; failed: boolean; onRetry: () => void; now: number };

/** The latest events of the user's accounts and files, with relative times. */
export function RecentActivityCard({ events, failed, onRetry, now }: RecentActivityCardProps) {
  return (
    <OverviewCard icon={Activity} title={L.title}>
      {failed && !events ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-destructive">{L.failed}</span>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {OVERVIEW_LABELS.retry}
          </Button>
        </div>
      ) : events === undefined ? (
        <div className="h-24 animate-pulse rounded-md bg-muted" />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{L.empty}</p>
      ) : (
        <ol className="space-y-3" aria-label={L.title}>
          {events.map((event) => {
            const Icon = ICONS[event.kind] ?? Activity;
            return (
              <li key={event.id} className="flex items-start gap-3 text-sm">
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <Icon className="size-3.5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1 break-words">{activityText(event)}</span>
                <time
                  dateTime={event.createdAt}
                  title={new Date(event.createdAt).toLocaleString('en-US')}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {formatRelativeTime(event.createdAt, now)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </OverviewCard>
  );
}
