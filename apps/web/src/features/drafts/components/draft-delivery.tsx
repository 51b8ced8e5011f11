import { DELIVERY_LABELS, type Draft } from '@penman/contract';
import { CircleAlert, CircleCheck, Copy, Download, RotateCcw, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { type DeliveryView, deliveryView, emlHref } from './delivery-view.ts';

const L = DELIVERY_LABELS.draft;

type DraftDeliveryProps = {
  draft: Draft;
  busy: boolean;
  onRetry: (draft: Draft) => unknown;
  onCopy: (draft: Draft) => unknown;
};

/**
 * A decided draft: where its reply went and how ("Saving to Drafts…" -> "Saved to Drafts in …" /
 * "Sent", or the failure with Retry), and Copy / Download .eml as the way out. The status line is a
 * polite live region that stays in place, so each change of the delivery is read out; a failure is
 * an alert.
 */
export function DraftDelivery({ draft, busy, onRetry, onCopy }: DraftDeliveryProps) {
  const view = deliveryView(draft);
  if (!view) return null;
  return (
    <section aria-label={L.region} className="mt-4 grid gap-3 border-t pt-4">
      <p role="status" aria-live="polite" className="flex items-start gap-2 text-sm font-medium [&>svg]:mt-0.5">
        {view.tone === 'failed' ? null : <StatusLine view={view} />}
      </p>
      {view.tone === 'failed' ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-red-800 dark:text-red-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <p className="font-medium">{view.text}</p>
            {view.error ? <p>{view.error}</p> : null}
          </div>
        </div>
      ) : null}
      {view.hint ? <p className="text-xs text-muted-foreground">{view.hint}</p> : null}
      <DeliveryButtons draft={draft} view={view} busy={busy} onRetry={onRetry} onCopy={onCopy} />
    </section>
  );
}

function StatusLine({ view }: { view: DeliveryView }) {
  const icon =
    view.tone === 'progress' ? (
      <Spinner />
    ) : view.tone === 'done' ? (
      <CircleCheck className="size-4 text-primary" aria-hidden="true" />
    ) : (
      <X className="size-4" aria-hidden="true" />
    );
  return (
    <>
      {icon}
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {view.text}
        {view.at ? (
          <>
            {' '}
            <time dateTime={view.at} className="font-normal whitespace-nowrap text-muted-foreground">
              {L.at(formatDateTime(view.at))}
            </time>
          </>
        ) : null}
      </span>
    </>
  );
}

type DeliveryButtonsProps = DraftDeliveryProps & { view: DeliveryView };

function DeliveryButtons({ draft, view, busy, onRetry, onCopy }: DeliveryButtonsProps) {
  const { retry, copy, eml } = view.buttons;
  if (!retry && !copy && !eml) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {retry ? (
        <Button size="sm" disabled={busy} onClick={() => void onRetry(draft)}>
          {busy ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          {busy ? L.retrying : L.retry}
        </Button>
      ) : null}
      {copy ? (
        <Button size="sm" variant="outline" onClick={() => void onCopy(draft)}>
          <Copy aria-hidden="true" />
          {L.copy}
        </Button>
      ) : null}
      {eml ? (
        <a href={emlHref(draft.id)} download title={L.downloadEmlHint} className={cn(buttonVariants({ size: 'sm', variant: 'outline' }))}>
          <Download aria-hidden="true" />
          {L.downloadEml}
        </a>
      ) : null}
    </div>
  );
}
