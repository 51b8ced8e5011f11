import { DRAFTS_LABELS } from '@penman/contract';
import { CircleAlert, FilePenLine, RotateCcw, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDraftEmailReply, useEmailDraft, useReopenEmailDraft } from '../api/email-draft.ts';

const L = DRAFTS_LABELS;
const P = DRAFTS_LABELS.emailPanel;

/** The email's reply draft with its status and a link to the queue, or "Draft a reply" when it has none. */
export function EmailDraftPanel({ emailId }: { emailId: string }) {
  const answer = useEmailDraft(emailId);
  const compose = useDraftEmailReply(emailId);
  const reopen = useReopenEmailDraft(emailId);
  const onError = (error: Error) => toast.error(L.toasts.failed, { description: error.message });
  const draftNow = () => compose.mutate(undefined, { onError });

  let content: React.ReactNode;
  if (answer.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {L.loading}
      </p>
    );
  } else if (answer.isError) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        <CircleAlert className="size-4" aria-hidden="true" />
        {P.loadFailed} {answer.error.message}
        <Button size="sm" variant="outline" onClick={() => void answer.refetch()}>
          <RotateCcw aria-hidden="true" />
          {L.retry}
        </Button>
      </div>
    );
  } else {
    const { draft } = answer.data;
    content = draft ? (
      <>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="outline">{L.statuses[draft.status]}</Badge>
          <Badge variant="secondary">{L.modes[draft.mode]}</Badge>
          {draft.needsReview ? <Badge variant="warning">{L.needsReview}</Badge> : null}
        </div>
        {draft.reviewReasons.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-warning-foreground">
            {draft.reviewReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        <div className="max-h-64 overflow-y-auto rounded-md border bg-background p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
          {draft.body}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/dashboard/drafts?draft=${encodeURIComponent(draft.id)}`}
            className={buttonVariants({ size: 'sm', variant: draft.status === 'pending' ? 'default' : 'outline' })}
          >
            {P.openQueue}
          </Link>
          {/* Only a pending draft can be written again: a decided one stays as the user left it. */}
          {draft.status === 'pending' ? <DraftButton label={P.draftAgain} busy={compose.isPending} onClick={draftNow} /> : null}
          {/* A teammate's approval completed it: the owner may still answer it. */}
          {draft.status === 'completed' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={reopen.isPending}
              onClick={() => reopen.mutate(draft.id, { onError, onSuccess: () => toast.success(L.announce.reopened) })}
            >
              {reopen.isPending ? <Spinner /> : <Undo2 aria-hidden="true" />}
              {L.actions.reopen}
            </Button>
          ) : null}
        </div>
      </>
    ) : (
      <>
        <p className="text-sm text-muted-foreground">{P.none}</p>
        <div>
          <DraftButton label={P.draftNow} busy={compose.isPending} onClick={draftNow} />
        </div>
      </>
    );
  }

  return (
    <section aria-label={P.title} className="grid gap-3 rounded-lg border bg-muted/20 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <FilePenLine className="size-4 text-primary" aria-hidden="true" />
        {P.title}
      </h3>
      {content}
    </section>
  );
}

function DraftButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} disabled={busy}>
      {busy ? <Spinner /> : <FilePenLine aria-hidden="true" />}
      {busy ? DRAFTS_LABELS.emailPanel.drafting : label}
    </Button>
  );
}
