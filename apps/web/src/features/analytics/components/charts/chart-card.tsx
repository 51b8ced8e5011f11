import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';

type ChartCardProps = {
  title: string;
  description: string;
  /** The figures the chart shows, in words; null when there is nothing to chart. */
  summary: string | null;
  empty: string;
  actions?: ReactNode;
  children: ReactNode;
};

/** A chart with its title, its text summary (the figure's caption) and an empty state. */
export function ChartCard({ title, description, summary, empty, actions, children }: ChartCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {actions}
      </CardHeader>
      <CardContent>
        {summary === null ? (
          <p className="rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <figure className="space-y-3">
            {children}
            <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
