import { z } from 'zod';
import { ZDraftDelivery } from '../delivery/schemas.ts';
import { ZText } from '../platform/input.ts';
import { ZAsk, ZEmailTriage } from '../understanding/schemas.ts';
import { ZDraftingPause } from './learning.ts';

// Drafting (issue 18): the review queue, a draft's actions, and the drafting settings per account.

export const DRAFT_MODES = ['full', 'buy_time'] as const;
export type DraftMode = (typeof DRAFT_MODES)[number];

/**
 * pending -> approved | edited | rejected | buy_time -> sent | saved (sent/saved: delivery, issue 20).
 * completed: another Penman user of the same mailbox (a shared inbox) approved their draft of this email.
 */
export const DRAFT_STATUSES = ['pending', 'approved', 'edited', 'rejected', 'buy_time', 'sent', 'saved', 'completed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_ENGINES = ['builtin', 'llm'] as const;
export type DraftEngine = (typeof DRAFT_ENGINES)[number];

export const DRAFT_BODY_MAX_CHARS = 100_000;
export const DRAFT_SUBJECT_MAX_CHARS = 998;
export const BUY_TIME_HOURS_DEFAULT = 24;
export const BUY_TIME_HOURS_MAX = 24 * 14;

/** What a draft drew on, shown beside it. */
export const ZDraftSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('past_reply'), subject: z.string().nullable(), date: z.string().nullable(), excerpt: z.string() }),
  z.object({
    kind: z.literal('knowledge'),
    documentId: z.string(),
    filename: z.string(),
    headingPath: z.array(z.string()),
    excerpt: z.string(),
  }),
]);
export type DraftSource = z.infer<typeof ZDraftSource>;

/** A library file suggested for the reply; `selected` is the user's toggle (auto-attach files start selected). */
export const ZDraftAttachment = z.object({ id: z.string(), filename: z.string(), reason: z.string(), selected: z.boolean() });
export type DraftAttachment = z.infer<typeof ZDraftAttachment>;

/** The incoming mail a draft answers, as the queue shows it. */
export const ZDraftEmail = z.object({
  id: z.string(),
  emailAccountId: z.string(),
  accountEmail: z.string(),
  senderEmail: z.string().nullable(),
  senderName: z.string().nullable(),
  subject: z.string().nullable(),
  receivedDate: z.string().nullable(),
  /** Plain text of the incoming mail (own words first; the whole body, capped). */
  bodyText: z.string(),
});

export const DRAFT_PLANS = ['answer', 'accept', 'clarify', 'holding', 'none'] as const;
export type DraftPlan = (typeof DRAFT_PLANS)[number];
export const ASK_HANDLINGS = ['answered', 'promised', 'asked_back', 'left_to_you'] as const;
export const ZAskHandling = z.object({ ask: z.string(), how: z.enum(ASK_HANDLINGS), detail: z.string().nullable() });
export type AskHandling = z.infer<typeof ZAskHandling>;

export const ZDraft = z.object({
  id: z.string(),
  emailId: z.string(),
  emailAccountId: z.string(),
  mode: z.enum(DRAFT_MODES),
  status: z.enum(DRAFT_STATUSES),
  subject: z.string(),
  body: z.string(),
  /** The text Penman wrote, kept when the user edits (null until edited). */
  originalBody: z.string().nullable(),
  needsReview: z.boolean(),
  /** Why the draft (or its email) was flagged for a person, in words for the user. */
  reviewReasons: z.array(z.string()),
  /** Why the email needs a reply, and how the draft was made. */
  reasons: z.array(z.string()),
  /** 0..1 */
  confidence: z.number(),
  /** styleMatch 0..1, null without a style profile. */
  styleScore: z.number().nullable(),
  engine: z.string(),
  language: z.string().nullable(),
  sources: z.array(ZDraftSource),
  attachments: z.array(ZDraftAttachment),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the user decided (approved, edited, rejected, buy time); null while pending. */
  decidedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Who the reply goes to: the sender (Reply-To first), plus the other recipients when the draft replies to all. */
  recipients: z.object({ to: z.array(z.string()), cc: z.array(z.string()) }),
  /** Null until approved (or sent with Buy Time); then where the reply is going and how it went. */
  delivery: ZDraftDelivery.nullable(),
  /** What the email asks of the user (its understanding), shown above the draft. */
  asks: z.array(ZAsk),
  /** The reply plan (answer, accept, clarify, holding; 'none': no draft written); null for drafts written before plans. */
  plan: z.enum(DRAFT_PLANS).nullable(),
  /** How the draft handles each ask: answered, promised, asked back, or left to the user. */
  handling: z.array(ZAskHandling),
  /** Why no draft was written (plan 'none'). */
  noDraftReason: z.string().nullable(),
  email: ZDraftEmail,
});
export type Draft = z.infer<typeof ZDraft>;

export const ZListDraftsQuery = z.object({
  accountId: z.uuid().optional(),
  /** 'true': only drafts flagged for review. */
  needsReview: z.enum(['true', 'false']).optional(),
  /** Default: pending (the queue). */
  status: z.enum(DRAFT_STATUSES).optional(),
  /** Opaque cursor from the previous page. */
  cursor: ZText.max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZListDraftsResponse = z.object({ drafts: z.array(ZDraft), nextCursor: z.string().nullable(), total: z.number().int() });

export const ZDraftResponse = z.object({ draft: ZDraft });
/** The draft of an email (Emails view): null when the email has none. */
export const ZEmailDraftResponse = z.object({
  draft: ZDraft.nullable(),
  triage: ZEmailTriage.nullable(),
});

/** Edit: saving keeps both texts (originalBody) and moves the draft to 'edited'. */
export const ZEditDraftRequest = z.object({
  body: ZText.trim().min(1).max(DRAFT_BODY_MAX_CHARS),
  subject: ZText.trim().min(1).max(DRAFT_SUBJECT_MAX_CHARS).optional(),
});
/** Switch Full Response <-> Buy Time: the draft is written again in that mode (stays pending). */
export const ZSwitchDraftModeRequest = z.object({ mode: z.enum(DRAFT_MODES) });
export const ZDraftAttachmentsRequest = z.object({ selectedIds: z.array(z.uuid()).max(50) });

export const REVIEW_RULE_MAX_ITEMS = 200;
const ZRuleItem = ZText.trim().min(1).max(200);

export const ZDraftingSettings = z.object({
  enabled: z.boolean(),
  defaultMode: z.enum(DRAFT_MODES),
  buyTimeHours: z.number().int().min(1).max(BUY_TIME_HOURS_MAX),
  /** Words or phrases that send a draft to review. */
  reviewWords: z.array(ZRuleItem).max(REVIEW_RULE_MAX_ITEMS),
  /** Addresses or domains whose mail always goes to review. */
  reviewSenders: z.array(ZRuleItem).max(REVIEW_RULE_MAX_ITEMS),
  /** Addresses or domains whose mail never gets a draft. */
  ignoredSenders: z.array(ZRuleItem).max(REVIEW_RULE_MAX_ITEMS),
  engine: z.enum(DRAFT_ENGINES),
});
export type DraftingSettings = z.infer<typeof ZDraftingSettings>;
export const ZDraftingSettingsResponse = z.object({
  settings: ZDraftingSettings,
  /** The LLM engine can be chosen only when LLM_BASE_URL and LLM_MODEL are set. */
  llmAvailable: z.boolean(),
  llmModel: z.string().nullable(),
  /** Auto-drafting paused itself (issue 20; `enabled` is then false): turning drafting on clears it. */
  pause: ZDraftingPause.nullable(),
});
export const ZUpdateDraftingSettingsRequest = ZDraftingSettings.partial();

/** Realtime events (GET /api/events): 'draft.created' | 'draft.updated', data { draftId, emailAccountId, status }. */
export const DRAFT_EVENTS = { created: 'draft.created', updated: 'draft.updated' } as const;
