/** What a key press does in the queue (j/k move; a, e, r, b act on the selected draft). */
export type QueueKeyAction = 'next' | 'previous' | 'approve' | 'edit' | 'reject' | 'buyTime';

const ACTION_BY_KEY: Readonly<Record<string, QueueKeyAction>> = {
  j: 'next',
  k: 'previous',
  a: 'approve',
  e: 'edit',
  r: 'reject',
  b: 'buyTime',
};

/** The shortcut of each action, as `aria-keyshortcuts` and the hint bar name it. */
export const QUEUE_SHORTCUTS: Readonly<Record<QueueKeyAction, string>> = {
  next: 'j',
  previous: 'k',
  approve: 'a',
  edit: 'e',
  reject: 'r',
  buyTime: 'b',
};

export type QueueKeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The key went to a text field, a select or editable content. */
  typing: boolean;
  /** A dialog (the editor, the settings) is open. */
  dialogOpen: boolean;
};

/**
 * The queue's action for a key press, or null. Keys with a modifier belong to the browser (Ctrl+R
 * reloads), keys typed into a field belong to the field, and a dialog owns the keyboard while open.
 */
export function queueKeyAction(press: QueueKeyPress): QueueKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.typing || press.dialogOpen) return null;
  return ACTION_BY_KEY[press.key] ?? null;
}

const TYPING_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', '']);

/** Whether a key press at `target` is typing (text inputs, textareas, selects, editable content). */
export function isTypingTarget(target: { tagName?: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!target?.tagName) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && TYPING_INPUT_TYPES.has((target.type ?? '').toLowerCase());
}

/** The id `delta` steps away from `current` in `ids`, held at both ends; the first id when nothing is selected. */
export function moveSelection(ids: readonly string[], current: string | undefined, delta: 1 | -1): string | undefined {
  if (ids.length === 0) return undefined;
  const index = current === undefined ? -1 : ids.indexOf(current);
  if (index === -1) return ids[0];
  return ids[Math.min(ids.length - 1, Math.max(0, index + delta))];
}
