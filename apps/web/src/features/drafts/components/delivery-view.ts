import { DELIVERY_LABELS, type Draft } from '@penman/contract';

const L = DELIVERY_LABELS.draft;

/** How a decided draft's delivery reads: in flight (spinner), done, failed (an alert), or a decision with nothing to deliver. */
export type DeliveryTone = 'progress' | 'done' | 'failed' | 'neutral';

export type DeliveryView = {
  tone: DeliveryTone;
  /** The status line ("Saving to Drafts…", "Saved to Drafts in ada@example.com", "Sent", "Not delivered", ...). */
  text: string;
  /** When it was delivered (ISO), shown after the text; null otherwise. */
  at: string | null;
  /** Why the last attempt failed, in the server's words; null unless failed. */
  error: string | null;
  /** A line under the status: what to do instead (no retry can help), or what "completed" means. */
  hint: string | null;
  /** Retry only a failure a retry can mend; Copy for any reply on its way; .eml once there is an outcome (delivered or failed). */
  buttons: { retry: boolean; copy: boolean; eml: boolean };
};

const NO_BUTTONS = { retry: false, copy: false, eml: false } as const;

type DeliveryDraft = Pick<Draft, 'status' | 'delivery' | 'sentAt'> & { email: Pick<Draft['email'], 'accountEmail'> };

/**
 * What the card of a decided draft shows about its reply (null for a pending draft: it has actions,
 * not a delivery). A draft approved on a server without delivery (delivery null) keeps Copy, the
 * way out it always had.
 */
export function deliveryView(draft: DeliveryDraft): DeliveryView | null {
  if (draft.status === 'pending') return null;
  if (draft.status === 'rejected') return { tone: 'neutral', text: L.rejected, at: null, error: null, hint: null, buttons: NO_BUTTONS };
  if (draft.status === 'completed') {
    return { tone: 'neutral', text: L.completed, at: null, error: null, hint: L.completedHint, buttons: NO_BUTTONS };
  }
  const delivery = draft.delivery;
  if (!delivery) {
    const copyOnly = { retry: false, copy: true, eml: false };
    if (draft.status === 'saved') return done(L.savedIn(draft.email.accountEmail), draft.sentAt);
    if (draft.status === 'sent') return done(L.sent, draft.sentAt);
    return { tone: 'neutral', text: L.approvedNoDelivery, at: null, error: null, hint: null, buttons: copyOnly };
  }
  const saving = delivery.mode === 'save_to_drafts';
  switch (delivery.state) {
    case 'queued':
    case 'delivering':
      return {
        tone: 'progress',
        text: saving ? L.saving : L.sending,
        at: null,
        error: null,
        hint: null,
        buttons: { retry: false, copy: true, eml: false },
      };
    case 'delivered':
      if (delivery.unconfirmed) return { ...done(L.sentUnconfirmed, delivery.deliveredAt ?? draft.sentAt), hint: L.unconfirmedHint };
      return done(saving ? L.savedIn(draft.email.accountEmail) : L.sent, delivery.deliveredAt ?? draft.sentAt);
    case 'failed':
      return {
        tone: 'failed',
        text: L.failed,
        at: null,
        error: delivery.error,
        hint: delivery.retryable ? null : L.notRetryable,
        buttons: { retry: delivery.retryable, copy: true, eml: true },
      };
  }
}

function done(text: string, at: string | null): DeliveryView {
  return { tone: 'done', text, at, error: null, hint: null, buttons: { retry: false, copy: true, eml: true } };
}

/** Queued or delivering: the card keeps asking until it knows how it went. */
export function deliveryInFlight(draft: Pick<Draft, 'delivery'> | undefined): boolean {
  const state = draft?.delivery?.state;
  return state === 'queued' || state === 'delivering';
}

/** The reply's recipients as the card lists them: To always (even when empty), Cc only when there is one. */
export function recipientLines(recipients: Draft['recipients']): { label: string; addresses: string }[] {
  const lines: { label: string; addresses: string }[] = [{ label: L.to, addresses: recipients.to.join(', ') || L.noRecipients }];
  if (recipients.cc.length > 0) lines.push({ label: L.cc, addresses: recipients.cc.join(', ') });
  return lines;
}

/** Where the browser downloads the reply as a message file. */
export function emlHref(draftId: string): string {
  return `/api/drafts/${encodeURIComponent(draftId)}/eml`;
}

/**
 * An approved draft the queue keeps showing after a reload: its reply is on its way, or failed in a
 * way Retry can mend. Delivered ones leave; a failure no retry can help (an imported file) was
 * shown when the user approved it and does not come back on every visit.
 */
export function awaitsDelivery(draft: Pick<Draft, 'delivery'>): boolean {
  return deliveryInFlight(draft) || (draft.delivery?.state === 'failed' && draft.delivery.retryable);
}
