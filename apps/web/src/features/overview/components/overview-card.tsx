import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';

type OverviewCardProps = { icon: LucideIcon; title: string; description?: string; className?: string; children: ReactNode };

/** A card of the overview: icon and title, an optional description, then its content. */
export function OverviewCard({ icon: Icon, title, description, className, children }: OverviewCardProps) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn('flex flex-1 flex-col gap-4', className)}>{children}</CardContent>
    </Card>
  );
}
