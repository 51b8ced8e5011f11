import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}

/** Centered spinner for a whole page that is still loading; `label` is announced. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
