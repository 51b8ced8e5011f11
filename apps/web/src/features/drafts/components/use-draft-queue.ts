import { DELIVERY_LABELS, DRAFTS_LABELS, type Draft } from '@penman/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '@/lib/api-error.ts';
import {
  useApproveDraft,
  useEditDraft,
  useRejectDraft,
  useRetryDelivery,
  useSetDraftAttachments,
  useSwitchDraftMode,
} from '../api/draft-actions.ts';
import { draftQueryOptions } from '../api/get-draft.ts';
import { useDrafts } from '../api/get-drafts.ts';
import { useUndeliveredDrafts } from '../api/get-undelivered-drafts.ts';
import { type DraftFilters, draftsKeys } from '../api/query-keys.ts';
import { isTypingTarget, moveSelection, type QueueKeyAction, queueKeyAction } from './queue-keyboard.ts';
import { copyText, isDecided, mergeQueue, nextPendingId, toggledAttachmentIds } from './queue-view.ts';

const A = DRAFTS_LABELS.announce;
const D = DELIVERY_LABELS;

const matchesFilters = (draft: Draft, filters: DraftFilters) =>
  (!filters.accountId || draft.emailAccountId === filters.accountId) && (!filters.needsReview || draft.needsReview);

/** The drafts of the live queries (a stable function: the combined list changes only when a draft does). */
const latestData = (results: { data: Draft | undefined }[]) => results.map((result) => result.data);

/** Whether a dialog (the editor, the settings, any other) holds the keyboard. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * The review queue's state and actions: the drafts on screen (the server's pending ones plus those
 * decided here), the selection moved by j/k, the actions on the selected draft, what is announced to
 * screen readers, and the editor.
 */
export function useDraftQueue(filters: DraftFilters, initialDraftId?: string) {
  const queryClient = useQueryClient();
  const drafts = useDrafts(filters);
  const [decided, setDecided] = useState<ReadonlyMap<string, Draft>>(new Map());
  const [selectedId, setSelectedId] = useState<string | undefined>(initialDraftId);
  const [editing, setEditing] = useState<Draft>();
  const [announced, setAnnounced] = useState({ text: '', count: 0 });
  // The same words twice in a row change nothing in the DOM: a trailing no-break space makes them heard again.
  const setAnnouncement = useCallback((text: string) => setAnnounced((before) => ({ text, count: before.count + 1 })), []);
  const announcement = announced.text && announced.count % 2 === 0 ? `${announced.text}\u00a0` : announced.text;
  const [busyId, setBusyId] = useState<string>();

  // The drafts decided here stay on screen and follow their delivery (queued -> delivered | failed):
  // one live query each, started from the action's answer.
  const live = useQueries({
    queries: [...decided.values()].map((draft) => ({ ...draftQueryOptions(draft.id), initialData: draft })),
    combine: latestData,
  });
  const liveDecided = useMemo(
    () => new Map([...decided.values()].map((draft, index) => [draft.id, live[index] ?? draft])),
    [decided, live],
  );

  // Approved earlier (another visit, another tab) and not delivered yet: in sight until delivered.
  const undelivered = useUndeliveredDrafts(filters);

  const shown = useMemo(() => {
    const pending = drafts.data?.pages.flatMap((page) => page.drafts) ?? [];
    const decidedAll = new Map([...undelivered.map((draft) => [draft.id, draft] as const), ...liveDecided]);
    const decidedHere = new Map([...decidedAll].filter(([, draft]) => matchesFilters(draft, filters)));
    return mergeQueue(pending, decidedHere);
  }, [drafts.data, undelivered, liveDecided, filters]);

  const selected = shown.find((draft) => draft.id === selectedId) ?? shown[0];

  const approve = useApproveDraft();
  const edit = useEditDraft();
  const reject = useRejectDraft();
  const switchMode = useSwitchDraftMode();
  const attachments = useSetDraftAttachments();
  const retry = useRetryDelivery();

  /** Selects a draft and moves focus to its card, so a screen reader reads it and the view follows. */
  const select = useCallback((draftId: string | undefined) => {
    setSelectedId(draftId);
    const card = draftId ? document.getElementById(`draft-${draftId}`) : null;
    if (!card || card.contains(document.activeElement)) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest' });
  }, []);

  // A link from the Emails view names a draft: bring it into view once it has loaded.
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (broughtIntoView.current || !initialDraftId || !shown.some((draft) => draft.id === initialDraftId)) return;
    broughtIntoView.current = true;
    document.getElementById(`draft-${initialDraftId}`)?.scrollIntoView({ block: 'start' });
  }, [initialDraftId, shown]);

  /**
   * Runs one action; a decision keeps the draft on screen as decided and selects the next pending
   * draft, or, when none is left, keeps focus on the decided draft's card (its button is gone).
   */
  const run = useCallback(
    async (draft: Draft, action: () => Promise<Draft>, said: string) => {
      setBusyId(draft.id);
      try {
        const decidedBefore = isDecided(draft.status);
        const updated = await action();
        if (isDecided(updated.status)) {
          setDecided((before) => new Map(before).set(updated.id, updated));
        }
        if (isDecided(updated.status) && !decidedBefore) {
          const next = nextPendingId(
            shown.map((candidate) => (candidate.id === updated.id ? updated : candidate)),
            updated.id,
          );
          if (next) select(next);
          else document.getElementById(`draft-${updated.id}`)?.focus({ preventScroll: true });
        }
        setAnnouncement(said);
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        toast.error(DRAFTS_LABELS.toasts.failed, { description: message });
        setAnnouncement(A.failed(message));
        // 409: another tab decided first; the queue here is stale.
        if (error instanceof ApiRequestError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: draftsKeys.all });
        }
        return false;
      } finally {
        setBusyId(undefined);
      }
    },
    [shown, select, queryClient, setAnnouncement],
  );

  const actions = useMemo(
    () => ({
      approve: (draft: Draft) => run(draft, () => approve.mutateAsync(draft.id), A.approved),
      reject: (draft: Draft) => run(draft, () => reject.mutateAsync(draft.id), A.rejected),
      buyTime: (draft: Draft) => run(draft, () => switchMode.mutateAsync({ draftId: draft.id, mode: 'buy_time' }), A.buyTime),
      fullResponse: (draft: Draft) => run(draft, () => switchMode.mutateAsync({ draftId: draft.id, mode: 'full' }), A.fullResponse),
      edit: (draft: Draft) => setEditing(draft),
      saveEdit: async (draft: Draft, body: string, subject: string) => {
        const saved = await run(
          draft,
          () => edit.mutateAsync({ draftId: draft.id, body, subject: subject === draft.subject ? undefined : subject }),
          A.edited,
        );
        if (saved) setEditing(undefined);
      },
      closeEditor: () => setEditing(undefined),
      toggleAttachment: (draft: Draft, fileId: string, on: boolean) =>
        run(
          draft,
          () => attachments.mutateAsync({ draftId: draft.id, selectedIds: toggledAttachmentIds(draft, fileId, on) }),
          A.attachments,
        ),
      retryDelivery: (draft: Draft) => run(draft, () => retry.mutateAsync(draft.id), D.announce.retried),
      copy: async (draft: Draft) => {
        try {
          await navigator.clipboard.writeText(copyText(draft));
          setAnnouncement(A.copied);
          toast.success(A.copied);
        } catch {
          toast.error(DRAFTS_LABELS.toasts.copyFailed);
        }
      },
    }),
    [run, approve, reject, switchMode, edit, attachments, retry, setAnnouncement],
  );

  // One listener for the whole screen; it reads the latest state through a ref.
  const latest = useRef({ shown, selected, busyId, actions, select });
  latest.current = { shown, selected, busyId, actions, select };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = queueKeyAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTypingTarget(target),
        dialogOpen: dialogOpen(),
      });
      if (!action) return;
      const state = latest.current;
      event.preventDefault();
      runKeyAction(action, state);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  /**
   * After the editor: back to the element it was opened from (the Edit button, the card after e)
   * while that is still in the selected card; after a save moved the selection on, to the selected card.
   */
  const returnFocus = (from: HTMLElement | null) => {
    const selectedCard = selected ? document.getElementById(`draft-${selected.id}`) : null;
    if (from?.isConnected && selectedCard?.contains(from)) from.focus({ preventScroll: true });
    else select(selected?.id);
  };

  return { drafts, shown, selected, select, editing, announcement, busyId, actions, returnFocus };
}

type KeyState = {
  shown: Draft[];
  selected: Draft | undefined;
  busyId: string | undefined;
  actions: {
    approve: (draft: Draft) => unknown;
    reject: (draft: Draft) => unknown;
    buyTime: (draft: Draft) => unknown;
    edit: (draft: Draft) => unknown;
  };
  select: (draftId: string | undefined) => void;
};

/** A shortcut acts on the selected draft only while it is pending and no action on it is under way. */
function runKeyAction(action: QueueKeyAction, { shown, selected, busyId, actions, select }: KeyState) {
  const ids = shown.map((draft) => draft.id);
  if (action === 'next' || action === 'previous') {
    select(moveSelection(ids, selected?.id, action === 'next' ? 1 : -1));
    return;
  }
  if (!selected || isDecided(selected.status) || busyId === selected.id) return;
  if (action === 'buyTime') {
    if (selected.mode === 'full') void actions.buyTime(selected);
    return;
  }
  // No draft written: there is nothing to approve (Edit writes the reply).
  if (action === 'approve' && !selected.body.trim()) return;
  void actions[action](selected);
}
