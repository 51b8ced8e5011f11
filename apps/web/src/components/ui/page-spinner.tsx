import { LoaderCircle } from 'lucide-react';

/** Centered spinner for a whole page that is still loading; `label` is announced. (No class merging: first-load code.) */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-svh items-center justify-center">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
