import { DRAFTS_LABELS } from '@penman/contract';
import { CircleAlert, Inbox } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { DraftFilters } from '../api/query-keys.ts';
import { DraftCard } from './draft-card.tsx';
import { DraftEditorDialog } from './draft-editor-dialog.tsx';
import { useDraftQueue } from './use-draft-queue.ts';

const L = DRAFTS_LABELS;

/** The list of drafts with its loading, empty and error states, "Load more", the live region and the editor. */
export function DraftsQueue({ filters, initialDraftId }: { filters: DraftFilters; initialDraftId: string | undefined }) {
  const queue = useDraftQueue(filters, initialDraftId);
  const { drafts, shown, selected, actions } = queue;
  const total = drafts.data?.pages.at(-1)?.total ?? 0;

  let content: React.ReactNode;
  if (drafts.isPending) content = <QueueSkeleton />;
  else if (drafts.isError && shown.length === 0) {
    content = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
      >
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="font-medium">{L.loadFailed}</span> {drafts.error.message}
        </span>
        <Button size="sm" variant="outline" onClick={() => void drafts.refetch()} disabled={drafts.isFetching}>
          {L.retry}
        </Button>
      </div>
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState icon={Inbox} title={L.empty}>
        {filters.accountId || filters.needsReview ? L.emptyFiltered : L.emptyHint}
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ul aria-label={L.list} className="space-y-4">
          {shown.map((draft) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              selected={draft.id === selected?.id}
              busy={queue.busyId === draft.id}
              onSelect={() => queue.select(draft.id)}
              actions={actions}
            />
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>{L.total(shown.filter((draft) => draft.status === 'pending').length, total)}</span>
          {drafts.hasNextPage ? (
            <Button variant="outline" onClick={() => void drafts.fetchNextPage()} disabled={drafts.isFetchingNextPage}>
              {drafts.isFetchingNextPage ? <Spinner /> : null}
              {L.loadMore}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      {content}
      <p role="status" aria-live="polite" className="sr-only">
        {queue.announcement}
      </p>
      <DraftEditorDialog
        draft={queue.editing}
        saving={queue.editing !== undefined && queue.busyId === queue.editing.id}
        onSave={actions.saveEdit}
        onClose={actions.closeEditor}
        onReturnFocus={queue.returnFocus}
      />
    </>
  );
}

function QueueSkeleton() {
  return (
    <div role="status" aria-label={L.loading} className="space-y-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className="rounded-xl border bg-card p-5" aria-hidden="true">
          <div className="h-5 w-1/2 animate-pulse rounded bg-muted" />
          <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-muted" />
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <div className="h-28 animate-pulse rounded-lg bg-muted" />
            <div className="h-28 animate-pulse rounded-lg bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
