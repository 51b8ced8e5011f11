import { z } from 'zod';
import { UI_LOCALE } from '../platform/format.ts';

// Learning from what the user does (issue 20): the account's drafting memory, as the user reads it
// in the drafting settings ("Penman has learnt: ..."), and auto-drafting's pause.

export const DRAFTING_MEMORY_SCOPES = ['global', 'sender', 'domain'] as const;
export type DraftingMemoryScope = (typeof DRAFTING_MEMORY_SCOPES)[number];
/** avoid_source: a past reply of the user's that drafting no longer adapts (its value is the reply's email id). */
export const DRAFTING_MEMORY_KINDS = [
  'avoid_phrase',
  'substitution',
  'greeting',
  'closing',
  'lower_confidence',
  'length',
  'avoid_source',
] as const;
export type DraftingMemoryKind = (typeof DRAFTING_MEMORY_KINDS)[number];

export const ZDraftingMemoryItem = z.object({
  id: z.uuid(),
  scope: z.enum(DRAFTING_MEMORY_SCOPES),
  /** The sender's address or the domain; '' for global. */
  scopeValue: z.string(),
  kind: z.enum(DRAFTING_MEMORY_KINDS),
  /**
   * The phrase avoided, the words replaced, the greeting or closing line ('' = none), the rejected
   * sender or domain, the email id of the past reply not reused (avoid_source).
   */
  value: z.string(),
  replacement: z.string().nullable(),
  /** How many drafts (different emails) showed it. */
  evidence: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The item in words for the user: "Avoids 'please do not hesitate'". */
  description: z.string(),
});
export type DraftingMemoryItem = z.infer<typeof ZDraftingMemoryItem>;
export const ZDraftingMemoryResponse = z.object({ items: z.array(ZDraftingMemoryItem) });
export const ZDraftingMemoryItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });

/** Auto-drafting paused itself: none of the account's last PAUSE_AFTER_UNUSED_DRAFTS drafts was used. */
export const PAUSE_AFTER_UNUSED_DRAFTS = 20;
export const ZDraftingPause = z.object({ pausedAt: z.string(), reason: z.string() });
export type DraftingPause = z.infer<typeof ZDraftingPause>;
/** An account whose auto-drafting paused itself, for the overview's drafts card. */
export const ZPausedAccount = z.object({ accountId: z.uuid(), emailAddress: z.string(), pausedAt: z.string() });
export type PausedAccount = z.infer<typeof ZPausedAccount>;

const quoted = (text: string) => `'${text}'`;
const dayFormat = new Intl.DateTimeFormat(UI_LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The past reply an avoid_source item names, as the mail it is (null: no longer stored). */
export type MemoryPastReply = { subject: string | null; date: string | null } | null;

function describePastReply(pastReply: MemoryPastReply): string {
  if (!pastReply) return 'one of your past replies';
  const subject = pastReply.subject?.trim() ? ` ${quoted(pastReply.subject.trim())}` : '';
  const time = pastReply.date ? Date.parse(pastReply.date) : Number.NaN;
  return `your reply${subject}${Number.isNaN(time) ? '' : ` of ${dayFormat.format(time)}`}`;
}

const whom = (scope: DraftingMemoryScope, scopeValue: string) =>
  scope === 'sender' ? scopeValue : scope === 'domain' ? `people at ${scopeValue}` : 'everyone';

/** One memory item in words for the user; an avoid_source item names its past reply (`pastReply`) rather than its id. */
export function describeMemoryItem(
  item: Pick<DraftingMemoryItem, 'scope' | 'scopeValue' | 'kind' | 'value' | 'replacement'>,
  pastReply: MemoryPastReply = null,
): string {
  const to = whom(item.scope, item.scopeValue);
  switch (item.kind) {
    case 'avoid_phrase':
      return `Avoids ${quoted(item.value)}`;
    case 'substitution':
      return `Writes ${quoted(item.replacement ?? '')} instead of ${quoted(item.value)}`;
    case 'greeting':
      return item.value ? `Greets ${to} with ${quoted(item.value)}` : `Writes to ${to} without a greeting`;
    case 'closing':
      return item.value ? `Signs off to ${to} with ${quoted(item.value)}` : `Writes to ${to} without a closing line`;
    case 'lower_confidence':
      return `Is less sure of drafts to ${to}: you rejected the last ones`;
    case 'length':
      return `Keeps replies to ${to} to about ${item.value} words`;
    case 'avoid_source':
      return `Does not reuse ${describePastReply(pastReply)}`;
  }
}

export const LEARNING_LABELS = {
  title: 'Penman has learnt:',
  loading: 'Loading what Penman has learnt…',
  empty: 'Nothing yet. Penman learns from the drafts you edit, approve or reject, and from your own replies.',
  loadFailed: 'Could not load what Penman has learnt.',
  delete: (description: string) => `Forget: ${description}`,
  deleted: 'Penman will no longer use this',
  deleteFailed: 'Could not forget this item',
  paused: (reason: string) => `Auto-drafting is paused: ${reason}`,
  pausedDashboard: (addresses: string) => `Auto-drafting paused itself for ${addresses}: none of its last drafts was used.`,
  pausedLink: 'Turn it back on in the drafting settings',
} as const;

export const LEARNING_MESSAGES = {
  memoryItemNotFound: 'No such item of the drafting memory',
  pausedReason: `none of the last ${PAUSE_AFTER_UNUSED_DRAFTS} drafts was approved, edited or used in your own reply`,
} as const;
