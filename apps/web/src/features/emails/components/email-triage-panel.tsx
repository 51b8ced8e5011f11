import { UNDERSTANDING_LABELS } from '@penman/contract';
import { CheckCircle2, CircleSlash, Reply, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { EmailAsks } from '@/components/email-asks/email-asks.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCorrectTriage } from '../api/correct-triage.ts';
import { useEmailDraft } from '../api/email-draft.ts';

const L = UNDERSTANDING_LABELS;

/**
 * What Penman understood of the email: whether it needs a reply and why (naming the ask), what it
 * asks, what a person should check, and the user's correction ("Needs a reply" / "Doesn't need a
 * reply"), kept and learned for the next mail of this sender and kind. Nothing for mail the user sent.
 */
export function EmailTriagePanel({ emailId }: { emailId: string }) {
  const answer = useEmailDraft(emailId);
  const correct = useCorrectTriage(emailId);
  const triage = answer.data?.triage;
  if (!triage) return null;
  const mark = (needsReply: boolean) =>
    correct.mutate(needsReply, {
      onSuccess: () => toast.success(L.correctionSaved(needsReply)),
      onError: (error) => toast.error(L.correctionFailed, { description: error.message }),
    });
  return (
    <section aria-label={L.triageHeading} className="grid gap-3 rounded-lg border bg-muted/20 p-4" data-testid="email-triage">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <Reply className="size-4 text-primary" aria-hidden="true" />
          {L.triageHeading}
        </h3>
        <Badge variant={triage.needsReply ? 'default' : 'secondary'}>{triage.needsReply ? L.needsReply : L.noReply}</Badge>
        {triage.needsReview ? <Badge variant="warning">{L.needsReview}</Badge> : null}
        {triage.corrected ? <Badge variant="outline">{L.corrected}</Badge> : null}
      </div>
      {triage.reasons.length > 0 ? (
        <div className="text-sm">
          <span className="sr-only">{L.whyReply}: </span>
          <ul className="grid gap-0.5">
            {triage.reasons.map((reason) => (
              <li key={reason} className="[overflow-wrap:anywhere]">
                {reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {triage.needsReply ? <EmailAsks asks={triage.asks} headingLevel={4} /> : null}
      {triage.needsReview && triage.reviewReasons.length > 0 ? (
        <div className="flex gap-2 rounded-md border border-amber-300 bg-warning px-3 py-2 text-sm text-warning-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{L.whyReview}</p>
            <ul className="list-disc pl-4">
              {triage.reviewReasons.map((reason) => (
                <li key={reason} className="[overflow-wrap:anywhere]">
                  {reason}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {triage.needsReply ? (
          <Button size="sm" variant="outline" disabled={correct.isPending} title={L.markNoReplyHint} onClick={() => mark(false)}>
            {correct.isPending ? <Spinner /> : <CircleSlash aria-hidden="true" />}
            {L.markNoReply}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={correct.isPending} title={L.markNeedsReplyHint} onClick={() => mark(true)}>
            {correct.isPending ? <Spinner /> : <CheckCircle2 aria-hidden="true" />}
            {L.markNeedsReply}
          </Button>
        )}
      </div>
    </section>
  );
}
