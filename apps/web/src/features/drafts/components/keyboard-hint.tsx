import { DRAFTS_LABELS } from '@penman/contract';
import { Keyboard } from 'lucide-react';
import { QUEUE_SHORTCUTS } from './queue-keyboard.ts';

const K = DRAFTS_LABELS.keyboard;

const HINTS = [
  [QUEUE_SHORTCUTS.next, K.next],
  [QUEUE_SHORTCUTS.previous, K.previous],
  [QUEUE_SHORTCUTS.approve, K.approve],
  [QUEUE_SHORTCUTS.edit, K.edit],
  [QUEUE_SHORTCUTS.reject, K.reject],
  [QUEUE_SHORTCUTS.buyTime, K.buyTime],
] as const;

/** The visible list of the queue's shortcuts (hidden on touch screens, which have no keys to press). */
export function KeyboardHint() {
  return (
    <section
      aria-label={K.hint}
      className="mb-4 hidden flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border bg-card px-3 py-2 text-xs text-muted-foreground sm:flex"
    >
      <Keyboard className="size-4" aria-hidden="true" />
      {HINTS.map(([key, label]) => (
        <span key={key} className="flex items-center gap-1.5">
          <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[11px] font-medium text-foreground">{key}</kbd>
          {label}
        </span>
      ))}
    </section>
  );
}
