import type { ReactNode } from 'react';

/** The legal pages' date (spec: last updated June 2025). */
export const LEGAL_LAST_UPDATED = 'June 2025';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A legal page: title, date, table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-28 pb-20 sm:px-6 sm:pt-32">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-sm text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="mt-8 grid gap-4 text-lg text-slate-700">{intro}</div>
      <nav aria-label="Contents" className="mt-10 rounded-2xl border bg-card p-6 shadow-xs">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-12 grid gap-12">
        {sections.map((section, i) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold tracking-tight">
              {i + 1}. {section.title}
            </h2>
            <div className="mt-4 grid gap-4 leading-7 text-slate-700 [&_li]:pl-1 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-6 [&_a]:rounded-sm [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
