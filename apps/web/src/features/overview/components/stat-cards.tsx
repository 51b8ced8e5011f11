import { type DashboardStatsResponse, formatCount, OVERVIEW_LABELS } from '@penman/contract';
import { BookOpen, type LucideIcon, Mail, MailOpen, Paperclip, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

// The four stat cards (the response also carries the "Drafts to review" card's counts).
type Stat = keyof typeof OVERVIEW_LABELS.statCards;

const CARDS: { key: Stat; to: string; icon: LucideIcon }[] = [
  { key: 'emailAccounts', to: '/dashboard/email-accounts', icon: Mail },
  { key: 'emailsProcessed', to: '/dashboard/emails', icon: MailOpen },
  { key: 'knowledgeDocuments', to: '/dashboard/knowledge', icon: BookOpen },
  { key: 'attachments', to: '/dashboard/attachments', icon: Paperclip },
];

type StatCardsProps = {
  stats: DashboardStatsResponse | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
};

/** The four linked stat cards; when the counts fail to load: '--', 'Failed to load' and Retry. */
export function StatCards({ stats, failed, retrying, onRetry }: StatCardsProps) {
  return (
    <section aria-label={OVERVIEW_LABELS.statsRegion} className="space-y-3">
      {failed ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm"
        >
          <span className="font-medium text-destructive">{OVERVIEW_LABELS.statsFailed}</span>
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" className={cn(retrying && 'animate-spin')} />
            {OVERVIEW_LABELS.retry}
          </Button>
        </div>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map(({ key, to, icon: Icon }) => {
          const label = OVERVIEW_LABELS.statCards[key];
          const value = stats ? formatCount(stats[key]) : failed ? OVERVIEW_LABELS.statUnavailable : null;
          return (
            <li key={key}>
              <Link
                to={to}
                className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
                  {label.title}
                  <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                </span>
                {value === null ? (
                  <span className="h-9 w-16 animate-pulse rounded bg-muted" />
                ) : (
                  <span className="text-3xl font-semibold tabular-nums tracking-tight">{value}</span>
                )}
                <span className={cn('text-xs', failed && !stats ? 'text-destructive' : 'text-muted-foreground')}>
                  {failed && !stats ? OVERVIEW_LABELS.statFailed : label.hint}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
