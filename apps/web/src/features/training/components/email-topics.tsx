import { TRAINING_FIGURES, TRAINING_LABELS, type TrainingAnalysis } from '@penman/contract';
import { Tags } from 'lucide-react';
import { useId } from 'react';
import { countWithShare, sentimentLabel, topThemes, urgencyRows } from './topics-view.ts';

const { topics } = TRAINING_LABELS;
const ENTITIES_SHOWN = 6;

/** 'Email topics': what the training mail is about (themes, urgency, tone, asks, entities), small and readable. */
export function EmailTopics({ analysis }: { analysis: TrainingAnalysis }) {
  const headingId = useId();
  const themes = topThemes(analysis.themeEmails);
  const urgency = urgencyRows(analysis.urgencyDistribution).filter((row) => row.emails > 0);
  const entities = (
    [
      [topics.people, analysis.topEntities.people],
      [topics.products, analysis.topEntities.products],
      [topics.departments, analysis.topEntities.departments],
    ] as const
  ).filter(([, names]) => names.length > 0);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Tags className="size-4 text-primary" aria-hidden="true" />
        {topics.title}
      </h3>
      <p className="mt-0.5 text-xs text-muted-foreground">{topics.description(analysis.totalEmails)}</p>

      <div className="mt-4 grid gap-5 md:grid-cols-2">
        <div className="min-w-0">
          <div className="mb-2 flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
            <h4 className="font-medium">{topics.themes}</h4>
            <span>{TRAINING_FIGURES.themeEmails.label}</span>
          </div>
          <ul className="space-y-1.5">
            {themes.map((row) => (
              <li key={row.theme} className="grid grid-cols-[6.5rem_1fr_auto] items-center gap-2 text-sm">
                <span className="truncate">{row.label}</span>
                <span className="h-2 overflow-hidden rounded-full bg-accent" aria-hidden="true">
                  <span className="block h-full rounded-full bg-primary/80" style={{ width: `${Math.max(4, row.share * 100)}%` }} />
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">{countWithShare(row.emails, analysis.totalEmails)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-[11px] text-muted-foreground">
            {TRAINING_FIGURES.themeEmails.label}: {TRAINING_FIGURES.themeEmails.counts}.
          </p>
        </div>

        <div className="min-w-0 space-y-3">
          <dl className="grid grid-cols-3 gap-2 text-center">
            <Figure
              label={topics.sentiment}
              value={sentimentLabel(analysis.averageSentiment)}
              note={analysis.averageSentiment.toFixed(2)}
            />
            <Figure label={topics.actionRequired} value={countWithShare(analysis.actionRequiredCount, analysis.totalEmails)} />
            <Figure label={topics.questions} value={countWithShare(analysis.questionsCount, analysis.totalEmails)} />
          </dl>
          {urgency.length > 0 ? (
            <div>
              <h4 className="mb-1.5 text-xs font-medium text-muted-foreground">{topics.urgency}</h4>
              <ul className="flex flex-wrap gap-1.5 text-xs">
                {urgency.map((row) => (
                  <li key={row.level} className="rounded-full bg-muted px-2.5 py-1">
                    <span className="font-medium">{row.label}</span>{' '}
                    <span className="text-muted-foreground tabular-nums">{countWithShare(row.emails, analysis.totalEmails)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>

      {entities.length > 0 ? (
        <dl className="mt-4 grid gap-3 border-t pt-3 sm:grid-cols-3">
          {entities.map(([label, names]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
              <dd className="mt-1 text-sm break-words">{names.slice(0, ENTITIES_SHOWN).join(', ')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md bg-muted/60 px-2 py-2">
      <dt className="text-[11px] leading-tight text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold">{value}</dd>
      {note ? <dd className="text-[11px] text-muted-foreground tabular-nums">{note}</dd> : null}
    </div>
  );
}
