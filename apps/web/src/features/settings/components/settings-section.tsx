import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { cn } from '@/lib/utils.ts';

/** One section of the Settings page: a card with its heading, linked for assistive technology. */
export function SettingsSection({
  id,
  title,
  description,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  description: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className={cn(danger && 'border-destructive/50')}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className={cn(danger && 'text-destructive')}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
