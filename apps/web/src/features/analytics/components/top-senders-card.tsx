import { ANALYTICS_LABELS, type EmailAccount, TOP_SENDERS_LIMIT } from '@penman/contract';
import { Calculator } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

const L = ANALYTICS_LABELS.topSenders;

type TopSendersCardProps = { account: EmailAccount | null; calculating: boolean; onCalculate: () => void };

/** The account's 10 most frequent senders, with Calculate. */
export function TopSendersCard({ account, calculating, onCalculate }: TopSendersCardProps) {
  const senders = account?.topSenders.slice(0, TOP_SENDERS_LIMIT) ?? [];
  const most = Math.max(1, ...senders.map((sender) => sender.count));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="text-base">{L.title}</CardTitle>
          <CardDescription>{L.description}</CardDescription>
        </div>
        {account ? (
          <Button variant="outline" size="sm" onClick={onCalculate} disabled={calculating}>
            {calculating ? <Spinner /> : <Calculator aria-hidden="true" />}
            {calculating ? ANALYTICS_LABELS.calculating : ANALYTICS_LABELS.calculate}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {!account ? (
          <p className="text-sm text-muted-foreground">{L.chooseAccount}</p>
        ) : senders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{L.empty}</p>
        ) : (
          <ol className="space-y-2.5" aria-label={L.title}>
            {senders.map((sender, index) => (
              <li key={sender.email} className="grid grid-cols-[1.5rem_1fr_auto] items-center gap-x-3 gap-y-1 text-sm">
                <span className="text-xs tabular-nums text-muted-foreground">{index + 1}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{sender.name || sender.email}</span>
                  {sender.name ? <span className="block truncate text-xs text-muted-foreground">{sender.email}</span> : null}
                </span>
                <span className="text-xs tabular-nums text-muted-foreground">{L.emails(sender.count)}</span>
                <span className="col-start-2 col-end-4 h-1.5 overflow-hidden rounded-full bg-muted">
                  <span className="block h-full rounded-full bg-primary/70" style={{ width: `${(sender.count / most) * 100}%` }} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
