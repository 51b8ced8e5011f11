import { DRAFTS_LABELS, type DraftSource } from '@penman/contract';
import { BookOpen, Reply } from 'lucide-react';
import { formatDate } from '@/lib/date-format.ts';

const L = DRAFTS_LABELS;

/** What the draft drew on (the user's past replies, knowledge passages), folded away until asked for. */
export function DraftSources({ sources }: { sources: DraftSource[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground">{L.sources(sources.length)}</summary>
      {sources.length === 0 ? (
        <p className="mt-1 text-muted-foreground">{L.noSources}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {sources.map((source, index) => (
            // Sources have no id of their own; their order is fixed for a draft.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="rounded-lg border bg-muted/30 p-3">
              {source.kind === 'past_reply' ? (
                <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                  <Reply className="size-3.5" aria-hidden="true" />
                  {L.pastReply}
                  {source.subject ? `: ${source.subject}` : ''}
                  {source.date ? ` · ${formatDate(source.date)}` : ''}
                </p>
              ) : (
                <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-muted-foreground [overflow-wrap:anywhere]">
                  <BookOpen className="size-3.5" aria-hidden="true" />
                  {L.knowledge}: {[source.filename, ...source.headingPath].join(' › ')}
                </p>
              )}
              <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{source.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
