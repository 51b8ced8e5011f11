import { EMAIL_MESSAGES, type EmailListItem, UNDERSTANDING_LABELS } from '@penman/contract';
import { CircleAlert, Inbox, Paperclip, RotateCcw, SearchX } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '@/lib/date-format.ts';
import { useEmails } from '../api/get-emails.ts';
import type { EmailListParams } from '../api/query-keys.ts';
import { pageInfo } from './format.ts';

type EmailListProps = {
  params: EmailListParams;
  onOpen: (emailId: string) => void;
  onPage: (page: number) => void;
  onClearSearch: () => void;
};

/** The list with its loading, empty, no-match and error states, and Previous / Next paging. */
export function EmailList({ params, onOpen, onPage, onClearSearch }: EmailListProps) {
  const emails = useEmails(params);

  if (emails.isPending) return <EmailListSkeleton />;

  if (emails.isError && !emails.data) {
    return (
      <EmptyState
        icon={CircleAlert}
        title={EMAIL_MESSAGES.loadFailed}
        className="border-destructive/30"
        action={
          <Button variant="outline" onClick={() => void emails.refetch()} disabled={emails.isFetching}>
            {emails.isFetching ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            {EMAIL_MESSAGES.retry}
          </Button>
        }
      >
        <span role="alert">{emails.error.message}</span>
      </EmptyState>
    );
  }

  const { emails: rows, pagination, unindexedCount } = emails.data;
  // Just-downloaded mail is found by its text only once indexed: say so rather than "no match".
  const indexingNote =
    params.search && unindexedCount > 0 ? (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {EMAIL_MESSAGES.stillIndexing(unindexedCount)}
      </p>
    ) : null;
  if (pagination.totalCount === 0) {
    if (params.search) {
      return (
        <div className="grid gap-3">
          {indexingNote}
          <EmptyState
            icon={SearchX}
            title={EMAIL_MESSAGES.noMatchesTitle}
            action={
              <Button variant="outline" onClick={onClearSearch}>
                {EMAIL_MESSAGES.clearSearch}
              </Button>
            }
          >
            {EMAIL_MESSAGES.noMatches(params.search)}
          </EmptyState>
        </div>
      );
    }
    return (
      <EmptyState icon={Inbox} title={EMAIL_MESSAGES.noEmailsTitle}>
        {EMAIL_MESSAGES.noEmails}
      </EmptyState>
    );
  }

  const { page, pages, hasPrevious, hasNext } = pageInfo(pagination.offset, pagination.limit, pagination.totalCount);
  const loadingAnotherPage = emails.isPlaceholderData;
  return (
    <div className="grid gap-3">
      {indexingNote}
      <ul
        aria-label={EMAIL_MESSAGES.listLabel}
        aria-busy={loadingAnotherPage}
        className="divide-y overflow-hidden rounded-xl border bg-card shadow-sm data-[busy=true]:opacity-60"
        data-busy={loadingAnotherPage}
      >
        {rows.map((email) => (
          <li key={email.id}>
            <EmailRow email={email} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <nav aria-label={EMAIL_MESSAGES.paginationLabel} className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {EMAIL_MESSAGES.pagination(page, pages, pagination.totalCount)}
        </p>
        <div className="flex items-center gap-2">
          {loadingAnotherPage ? <Spinner className="text-muted-foreground" /> : null}
          <Button variant="outline" size="sm" disabled={!hasPrevious || loadingAnotherPage} onClick={() => onPage(page - 1)}>
            {EMAIL_MESSAGES.previous}
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext || loadingAnotherPage} onClick={() => onPage(page + 1)}>
            {EMAIL_MESSAGES.next}
          </Button>
        </div>
      </nav>
    </div>
  );
}

function EmailRow({ email, onOpen }: { email: EmailListItem; onOpen: (emailId: string) => void }) {
  const sender = email.senderName?.trim() || email.senderEmail || EMAIL_MESSAGES.unknownSender;
  return (
    <button
      type="button"
      onClick={() => onOpen(email.id)}
      className="grid w-full cursor-pointer gap-1 px-4 py-3 text-left transition-colors outline-none hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
    >
      <span className="flex items-baseline gap-3">
        <span className="min-w-0 flex-1 truncate text-sm font-semibold" title={email.senderEmail ?? undefined}>
          {sender}
        </span>
        {email.isOutgoing ? <Badge variant="secondary">{EMAIL_MESSAGES.outgoing}</Badge> : null}
        {email.hasAttachments ? (
          <Paperclip className="size-4 shrink-0 self-center text-muted-foreground" role="img" aria-label={EMAIL_MESSAGES.hasAttachments} />
        ) : null}
        <time
          className="shrink-0 text-xs text-muted-foreground tabular-nums"
          dateTime={email.receivedDate ?? undefined}
          title={email.dateUnknown ? EMAIL_MESSAGES.dateUnknownHint : formatDateTime(email.receivedDate)}
        >
          {email.dateUnknown ? `${EMAIL_MESSAGES.dateUnknown} · ${formatDate(email.receivedDate)}` : formatDate(email.receivedDate)}
        </time>
      </span>
      <span className="truncate text-sm">{email.subject?.trim() || EMAIL_MESSAGES.noSubject}</span>
      {email.triage?.needsReply ? (
        <span className="flex min-w-0 items-center gap-1.5 text-sm" data-testid="email-row-ask">
          <Badge variant={email.triage.needsReview ? 'warning' : 'default'} className="shrink-0 whitespace-nowrap">
            {UNDERSTANDING_LABELS.needsReply}
          </Badge>
          {email.triage.reason ? <span className="min-w-0 truncate text-foreground">{email.triage.reason}</span> : null}
        </span>
      ) : null}
      {email.preview ? <span className="truncate text-sm text-muted-foreground">{email.preview}</span> : null}
    </button>
  );
}

function EmailListSkeleton() {
  return (
    <div role="status" className="divide-y overflow-hidden rounded-xl border bg-card shadow-sm">
      <span className="sr-only">{EMAIL_MESSAGES.loading}</span>
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <div key={key} aria-hidden="true" className="grid gap-2 px-4 py-3">
          <div className="flex justify-between gap-4">
            <div className="h-4 w-40 animate-pulse rounded-md bg-muted" />
            <div className="h-3 w-20 animate-pulse rounded-md bg-muted" />
          </div>
          <div className="h-4 w-72 max-w-full animate-pulse rounded-md bg-muted" />
          <div className="h-3 w-full animate-pulse rounded-md bg-muted" />
        </div>
      ))}
    </div>
  );
}
