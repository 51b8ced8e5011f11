import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './ui/empty-state.tsx';
import { PageHeader } from './ui/page-header.tsx';

/** A dashboard screen whose features have not shipped yet: its title and an honest note. */
export function ScreenPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={Construction} title="This screen is being built">
        {children}
      </EmptyState>
    </>
  );
}
