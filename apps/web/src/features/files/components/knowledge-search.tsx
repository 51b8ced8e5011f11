import { FILES_LABELS, type KnowledgePassage } from '@penman/contract';
import { CircleAlert, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useKnowledgeSearch } from '../api/search-knowledge.ts';
import { highlightSegments, splitPassage } from './file-view.ts';

const L = FILES_LABELS.search;

/**
 * The Knowledge Base search box: a question in, the passages that answer it out, so the user sees what
 * Penman would quote (document, heading, the passage with the matched words marked, its rank and score).
 */
type KnowledgeState = 'empty' | 'reading' | 'ready';

export function KnowledgeSearch({ accountId, state }: { accountId: string; state: KnowledgeState }) {
  const hasDocuments = state === 'ready';
  const [draft, setDraft] = useState('');
  const [question, setQuestion] = useState('');
  const search = useKnowledgeSearch(accountId, question);
  const inputId = useId();
  const resultsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = draft.trim();
    if (asked === question) void search.refetch();
    setQuestion(asked);
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>{L.title}</CardTitle>
        <CardDescription>{L.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <search>
          <form onSubmit={submit} className="flex min-w-0 flex-col gap-2 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              {L.label}
            </label>
            <Input
              id={inputId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={L.placeholder}
              maxLength={4000}
              aria-controls={resultsId}
              disabled={!hasDocuments}
            />
            <Button type="submit" className="h-10" disabled={!hasDocuments || draft.trim() === ''} aria-busy={search.isFetching}>
              {search.isFetching ? <Spinner /> : <Search aria-hidden="true" />}
              {search.isFetching ? L.searching : L.submit}
            </Button>
          </form>
        </search>
        <div id={resultsId} aria-live="polite" className="min-w-0">
          {hasDocuments ? null : <p className="text-sm text-muted-foreground">{state === 'empty' ? L.noDocuments : L.stillReading}</p>}
          {search.isError ? (
            <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
              <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
              {L.failed} {search.error.message}
            </p>
          ) : null}
          {question && search.data ? <Passages passages={search.data} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function Passages({ passages }: { passages: KnowledgePassage[] }) {
  if (passages.length === 0) return <p className="text-sm text-muted-foreground">{L.none}</p>;
  return (
    <ol className="grid gap-3" aria-label="Passages">
      {passages.map((passage, index) => (
        <PassageCard key={passage.chunkId} passage={passage} rank={index + 1} />
      ))}
    </ol>
  );
}

function PassageCard({ passage, rank }: { passage: KnowledgePassage; rank: number }) {
  const { heading, text } = splitPassage(passage.content);
  return (
    <li className="min-w-0 rounded-lg border bg-muted/30 p-4" aria-label={`${L.rank(rank)} ${passage.filename}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm font-medium break-words [overflow-wrap:anywhere]">
          <span className="mr-2 text-muted-foreground tabular-nums">{L.rank(rank)}</span>
          {passage.filename}
        </p>
        <span className="text-xs text-muted-foreground tabular-nums">{L.score(passage.score)}</span>
      </div>
      {heading ? <p className="mt-1 text-xs font-medium text-primary break-words">{heading}</p> : null}
      <blockquote className="mt-2 border-l-2 border-primary/40 pl-3 text-sm leading-relaxed whitespace-pre-line break-words [overflow-wrap:anywhere]">
        {highlightSegments(text, passage.matchedTerms).map((segment, i) =>
          segment.match ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
            <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-foreground">
              {segment.text}
            </mark>
          ) : (
            segment.text
          ),
        )}
      </blockquote>
    </li>
  );
}
