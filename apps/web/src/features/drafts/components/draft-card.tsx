import { type Ask, DELIVERY_LABELS, DRAFTS_LABELS, type Draft } from '@penman/contract';
import { TriangleAlert } from 'lucide-react';
import { EmailAsks } from '@/components/email-asks/email-asks.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { recipientLines } from './delivery-view.ts';
import { DraftActions, type DraftCardActions } from './draft-actions.tsx';
import { DraftAttachments } from './draft-attachments.tsx';
import { DraftSources } from './draft-sources.tsx';
import { draftStanding, percent, senderLabel } from './queue-view.ts';

const L = DRAFTS_LABELS;

type DraftCardProps = {
  draft: Draft;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  actions: DraftCardActions;
};

/** One draft of the queue: the incoming mail beside the reply, why it was flagged, its scores, sources, files and actions. */
const STANDING_TONE = {
  ready: 'default',
  check: 'warning',
  holding: 'secondary',
  clarify: 'secondary',
  none: 'outline',
} as const;

/** How the draft handles an ask (answered, promised, asked back, left to the user), matched by the ask's words. */
function HandlingOf({ draft, ask }: { draft: Draft; ask: Ask }) {
  const handled = draft.handling.find((item) => item.ask === ask.thing);
  if (!handled) return null;
  return (
    <span className="ml-1.5 inline-flex items-center rounded-full border px-2 text-xs text-muted-foreground" data-testid="ask-handling">
      {L.handling[handled.how]}
      {handled.detail ? `: ${handled.detail}` : null}
    </span>
  );
}

export function DraftCard({ draft, selected, busy, onSelect, actions }: DraftCardProps) {
  const email = draft.email;
  const titleId = `draft-${draft.id}-title`;
  const standing = draftStanding(draft);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: j/k select from the keyboard; the click is a pointer shortcut for the same.
    <li
      id={`draft-${draft.id}`}
      aria-current={selected ? 'true' : undefined}
      aria-labelledby={titleId}
      // Focus moves here on j/k (the card is read out); Tab into a card's buttons selects it too.
      tabIndex={-1}
      onClick={onSelect}
      onFocus={selected ? undefined : onSelect}
      className={cn(
        'scroll-mt-20 rounded-xl border bg-card p-4 shadow-sm transition-shadow outline-none sm:p-5',
        selected ? 'border-primary ring-2 ring-primary/40' : 'hover:border-primary/30',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold leading-snug [overflow-wrap:anywhere]">
            {email.subject?.trim() || L.noSubject}
          </h2>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            <span className="sr-only">{L.from}: </span>
            {senderLabel(email.senderName, email.senderEmail)}
            {email.receivedDate ? (
              <>
                {' · '}
                <span className="sr-only">{L.received}: </span>
                <time dateTime={email.receivedDate}>{formatDateTime(email.receivedDate)}</time>
              </>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {L.to}: {email.accountEmail}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={STANDING_TONE[standing]} data-testid="draft-standing">
            <span className="sr-only">{L.standingLabel}: </span>
            {L.standing[standing]}
          </Badge>
          {draft.needsReview ? <Badge variant="warning">{L.needsReview}</Badge> : null}
          <Badge variant="secondary">{L.modes[draft.mode]}</Badge>
        </div>
      </div>

      {/* What the email asks, above everything else: the draft is judged by how it handles these. */}
      <EmailAsks
        asks={draft.asks}
        className="mt-3 rounded-lg border bg-muted/20 px-3 py-2"
        after={(ask) => <HandlingOf draft={draft} ask={ask} />}
      />

      {draft.reviewReasons.length > 0 ? (
        <div className="mt-3 flex gap-2 rounded-lg border border-amber-300 bg-warning px-3 py-2 text-sm text-warning-foreground">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">{L.whyFlagged}</p>
            <ul className="list-disc pl-4">
              {draft.reviewReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-label={L.incoming} className="min-w-0">
          <h3 className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{L.incoming}</h3>
          <div className="max-h-56 overflow-y-auto rounded-lg border bg-muted/30 p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {email.bodyText.trim() || '—'}
          </div>
        </section>
        <section aria-label={L.draft} className="min-w-0">
          <h3 className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {L.draft} · {L.modes[draft.mode]}
          </h3>
          <div className="rounded-lg border bg-background p-3 text-sm">
            <dl aria-label={DELIVERY_LABELS.draft.recipients} className="mb-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
              {recipientLines(draft.recipients).map((line) => (
                <div key={line.label} className="contents">
                  <dt className="text-muted-foreground">{line.label}:</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{line.addresses}</dd>
                </div>
              ))}
            </dl>
            <p className="mb-2 font-medium [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">{L.subject}: </span>
              {draft.subject}
            </p>
            {standing === 'none' ? (
              <div data-testid="no-draft" className="rounded-md border border-dashed p-3 text-sm">
                <p className="font-medium">{L.noDraftTitle}</p>
                {draft.noDraftReason ? <p className="mt-1 text-muted-foreground">{draft.noDraftReason}</p> : null}
                <p className="mt-2 text-xs text-muted-foreground">{L.noDraftHint}</p>
              </div>
            ) : (
              <div className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="draft-body">
                {draft.body}
              </div>
            )}
            {draft.originalBody !== null ? <p className="mt-2 text-xs text-muted-foreground">{L.originalKept}</p> : null}
          </div>
        </section>
      </div>

      {/* Style match is not shown: it scored drafts above the user's own replies (issue 32), no quality signal. */}
      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {standing === 'none' ? null : (
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">{L.confidence}</dt>
            <dd className="font-medium tabular-nums">{percent(draft.confidence)}</dd>
          </div>
        )}
        <div className="flex gap-1.5">
          <dt className="sr-only">{L.settings.engine}</dt>
          <dd className="text-muted-foreground">
            {draft.engine in L.engine ? L.engine[draft.engine as keyof typeof L.engine] : draft.engine}
          </dd>
        </div>
      </dl>

      {draft.reasons.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-muted-foreground">{L.whyDrafted}</summary>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {draft.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </details>
      ) : null}

      <DraftSources sources={draft.sources} />
      <DraftAttachments draft={draft} disabled={busy || draft.status !== 'pending'} onToggle={actions.toggleAttachment} />
      <DraftActions draft={draft} selected={selected} busy={busy} actions={actions} />
    </li>
  );
}
