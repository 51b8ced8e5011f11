import { DRAFTS_LABELS, type Draft } from '@penman/contract';
import { Check, Clock, Pencil, Send, Undo2, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { DraftDelivery } from './draft-delivery.tsx';
import { QUEUE_SHORTCUTS } from './queue-keyboard.ts';

const L = DRAFTS_LABELS;

export type DraftCardActions = {
  approve: (draft: Draft) => unknown;
  reject: (draft: Draft) => unknown;
  buyTime: (draft: Draft) => unknown;
  fullResponse: (draft: Draft) => unknown;
  edit: (draft: Draft) => unknown;
  copy: (draft: Draft) => unknown;
  retryDelivery: (draft: Draft) => unknown;
  toggleAttachment: (draft: Draft, fileId: string, on: boolean) => unknown;
};

type DraftActionsProps = { draft: Draft; selected: boolean; busy: boolean; actions: DraftCardActions };

/**
 * Full Response: Approve, Edit, Reject, Buy Time. Buy Time: Send Now, Edit, Cancel (back to Full
 * Response). Decided: its delivery, with Retry, Copy and Download .eml (DraftDelivery). The selected
 * card's buttons carry their shortcuts (aria-keyshortcuts).
 */
export function DraftActions({ draft, selected, busy, actions }: DraftActionsProps) {
  const keys = (key: string) => (selected ? key : undefined);

  if (draft.status !== 'pending') {
    return <DraftDelivery draft={draft} busy={busy} onRetry={actions.retryDelivery} onCopy={actions.copy} />;
  }

  return (
    <fieldset aria-label={L.actionGroup} className="mt-4 flex flex-wrap items-center gap-2 border-t pt-4">
      {draft.mode === 'full' ? (
        <>
          {/* No draft written: nothing to approve; Edit writes the reply, Buy Time a holding one. */}
          {draft.body.trim() ? (
            <Button size="sm" disabled={busy} aria-keyshortcuts={keys(QUEUE_SHORTCUTS.approve)} onClick={() => void actions.approve(draft)}>
              {busy ? <Spinner /> : <Check aria-hidden="true" />}
              {L.actions.approve}
            </Button>
          ) : null}
          <EditButton draft={draft} busy={busy} shortcut={keys(QUEUE_SHORTCUTS.edit)} onEdit={actions.edit} />
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-keyshortcuts={keys(QUEUE_SHORTCUTS.reject)}
            onClick={() => void actions.reject(draft)}
          >
            <X aria-hidden="true" />
            {L.actions.reject}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-keyshortcuts={keys(QUEUE_SHORTCUTS.buyTime)}
            onClick={() => void actions.buyTime(draft)}
          >
            <Clock aria-hidden="true" />
            {L.actions.buyTime}
          </Button>
        </>
      ) : (
        <>
          <Button size="sm" disabled={busy} aria-keyshortcuts={keys(QUEUE_SHORTCUTS.approve)} onClick={() => void actions.approve(draft)}>
            {busy ? <Spinner /> : <Send aria-hidden="true" />}
            {L.actions.sendNow}
          </Button>
          <EditButton draft={draft} busy={busy} shortcut={keys(QUEUE_SHORTCUTS.edit)} onEdit={actions.edit} />
          <Button size="sm" variant="outline" disabled={busy} onClick={() => void actions.fullResponse(draft)}>
            <Undo2 aria-hidden="true" />
            {L.actions.cancel}
          </Button>
          <p className="w-full text-xs text-muted-foreground">{L.buyTimeHint}</p>
        </>
      )}
    </fieldset>
  );
}

type EditButtonProps = { draft: Draft; busy: boolean; shortcut: string | undefined; onEdit: (draft: Draft) => unknown };

function EditButton({ draft, busy, shortcut, onEdit }: EditButtonProps) {
  return (
    <Button size="sm" variant="outline" disabled={busy} aria-keyshortcuts={shortcut} onClick={() => void onEdit(draft)}>
      <Pencil aria-hidden="true" />
      {L.actions.edit}
    </Button>
  );
}
