import { DRAFTS_LABELS, type Draft, type DraftStatus } from '@penman/contract';

/** A draft the user has decided on: it leaves the server's queue but stays on screen until the page is left. */
export function isDecided(status: DraftStatus): boolean {
  return status !== 'pending';
}

/**
 * What the queue shows: the server's pending drafts, plus the decided ones (decided on this screen,
 * or approved earlier and not delivered yet) at the place they had (newest first by creation), so a
 * reply's delivery, Retry, Copy and .eml stay in reach after the server has taken the draft out of
 * the queue. A decided copy wins over a stale pending one.
 */
export function mergeQueue(pending: readonly Draft[], decided: ReadonlyMap<string, Draft>): Draft[] {
  const shown = pending.map((draft) => decided.get(draft.id) ?? draft);
  const missing = [...decided.values()].filter((draft) => !shown.some((candidate) => candidate.id === draft.id));
  for (const draft of missing) {
    const at = shown.findIndex((candidate) => Date.parse(candidate.createdAt) < Date.parse(draft.createdAt));
    shown.splice(at === -1 ? shown.length : at, 0, draft);
  }
  return shown;
}

/** The next pending draft after `draftId` (or before it, at the end of the list): where the selection goes after a decision. */
export function nextPendingId(drafts: readonly Draft[], draftId: string): string | undefined {
  const index = drafts.findIndex((draft) => draft.id === draftId);
  const after = drafts.slice(index + 1).find((draft) => !isDecided(draft.status));
  const before = [...drafts.slice(0, Math.max(index, 0))].reverse().find((draft) => !isDecided(draft.status));
  return (after ?? before)?.id;
}

/** The text Copy puts on the clipboard: the subject line, a blank line, the reply. */
export function copyText(draft: Pick<Draft, 'subject' | 'body'>): string {
  return `Subject: ${draft.subject}\n\n${draft.body}`;
}

/** "Ada Lovelace <ada@example.com>", or the address, or the name, or 'Unknown sender'. */
export function senderLabel(name: string | null, email: string | null): string {
  const trimmedName = name?.trim();
  if (trimmedName && email && trimmedName !== email) return `${trimmedName} <${email}>`;
  return trimmedName || email || DRAFTS_LABELS.unknownSender;
}

/** 0..1 as a whole percentage, held inside 0..100. */
export function percent(value: number): string {
  return DRAFTS_LABELS.percent(Math.min(1, Math.max(0, value)));
}

/** The ids of the suggested files that go with the reply after toggling `fileId`. */
export function toggledAttachmentIds(draft: Pick<Draft, 'attachments'>, fileId: string, selected: boolean): string[] {
  return draft.attachments.filter((file) => (file.id === fileId ? selected : file.selected)).map((file) => file.id);
}

/** A confidence from which an answer or an accepted task is likely sent as it is (calibrated on judged drafts, BENCHMARKS.md). */
export const READY_CONFIDENCE = 0.8;

/**
 * The draft's standing in words (issue 32): no draft; a holding reply (Buy Time or the holding
 * plan); one question back; likely ready to send (an answer or an accepted task at READY_CONFIDENCE);
 * else check the facts. Drafts written before plans read by their mode and confidence alone.
 */
export function draftStanding(draft: Pick<Draft, 'plan' | 'mode' | 'confidence' | 'body'>): keyof typeof DRAFTS_LABELS.standing {
  if (draft.plan === 'none' || !draft.body.trim()) return 'none';
  if (draft.mode === 'buy_time' || draft.plan === 'holding') return 'holding';
  if (draft.plan === 'clarify') return 'clarify';
  return draft.confidence >= READY_CONFIDENCE ? 'ready' : 'check';
}
