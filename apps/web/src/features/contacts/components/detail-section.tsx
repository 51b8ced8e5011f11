import type { ReactNode } from 'react';
import { useId } from 'react';

/** A titled block of the detail dialog (Contact Details, Quick Stats, Timeline...). */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-lg border bg-card p-4">
      <h3 id={titleId} className="mb-3 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One labelled line of a section; the label sits above its value. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** A plain value, or a muted dash when there is none. */
export function DetailValue({ value }: { value: string | null | undefined }) {
  if (!value) return <p className="py-1.5 text-sm text-muted-foreground">—</p>;
  return <p className="py-1.5 text-sm break-words">{value}</p>;
}
