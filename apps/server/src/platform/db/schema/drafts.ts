import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';
import { emails } from './mail.ts';

export type DraftMode = 'full' | 'buy_time';
/** The reply plan the draft follows (drafts/engine/plan.ts); 'none': no draft was written, `noDraftReason` says why. */
export type DraftPlan = 'answer' | 'accept' | 'clarify' | 'holding' | 'none';
/** How a draft handles one ask of its email (the engines' AskHandling). */
export type StoredAskHandling = { ask: string; how: 'answered' | 'promised' | 'asked_back' | 'left_to_you'; detail: string | null };
/** pending -> approved | edited | rejected | buy_time -> sent | saved (the contract's DRAFT_STATUSES). */
export type DraftStatus = 'pending' | 'approved' | 'edited' | 'rejected' | 'buy_time' | 'sent' | 'saved' | 'completed';
/** A library file suggested for the reply; `selected` is the user's toggle (auto-attach files start selected). */
export type SuggestedAttachment = { id: string; filename: string; reason: string; selected: boolean };
/**
 * What a draft drew on (the engines' UsedSource), shown beside it. `replyEmailId`: the past reply's
 * email id, for learning which replies not to reuse (never shown; drafts before it have none).
 */
export type StoredDraftSource =
  | { kind: 'past_reply'; replyEmailId?: string; subject: string | null; date: string | null; excerpt: string }
  | { kind: 'knowledge'; documentId: string; filename: string; headingPath: string[]; excerpt: string };

// A reply drafted for an incoming email, waiting for the user's review. One per email (the drafting
// job is idempotent): drafting again rewrites a pending draft and never touches a decided one.
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    mode: text('mode').$type<DraftMode>().notNull().default('full'),
    subject: text('subject'),
    body: text('body').notNull(),
    // Ids refer to email_attachments rows (the attachment library).
    suggestedAttachments: jsonb('suggested_attachments').$type<SuggestedAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').$type<DraftStatus>().notNull().default('pending'),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewReasons: text('review_reasons').array().notNull().default(sql`'{}'::text[]`),
    // 'builtin' or the LLM model name.
    engine: text('engine'),
    generationMs: integer('generation_ms'),
    // 0..1: how sure the engine is the draft answers the mail.
    confidence: real('confidence').notNull().default(0),
    // Why the email needs a reply and how the draft was made, for the user.
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    usedSources: jsonb('used_sources').$type<StoredDraftSource[]>().notNull().default(sql`'[]'::jsonb`),
    // The reply plan and how the draft handles each ask (issue 32); null plan: drafted before plans.
    plan: text('plan').$type<DraftPlan>(),
    handling: jsonb('handling').$type<StoredAskHandling[]>().notNull().default(sql`'[]'::jsonb`),
    // Why no draft was written (plan 'none'): only the user can answer, or the mail needs no reply.
    noDraftReason: text('no_draft_reason'),
    // What Penman wrote, kept when the user edits (null until edited).
    originalBody: text('original_body'),
    // ISO 639-1 language of the incoming mail the draft is written in, when detected.
    language: text('language'),
    // When the user decided (approved, edited, rejected, buy time); each action's time and texts
    // are also kept in draft_feedback.
    decidedAt: timestamptz('decided_at'),
    // styleMatch(profile, body), 0..1.
    styleScore: real('style_score'),
    // Who the reply goes to, fixed when the draft is written (delivery/engine/recipients.ts); null on
    // drafts written before issue 20 (delivery then works them out from the email).
    recipients: jsonb('recipients').$type<{ to: string[]; cc: string[] }>(),
    // Id of the copy saved in the mailbox's Drafts (IMAP APPEND uid or Gmail draft id).
    providerDraftId: text('provider_draft_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('drafts_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst()),
    index('drafts_account_created_idx').on(t.emailAccountId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('drafts_email_uq').on(t.emailId),
  ],
);

export type DraftRow = typeof drafts.$inferSelect;

/**
 * 'own_reply' (issue 20): the user answered the drafted email themselves and their reply arrived by
 * sync; its text is the final text (source_email_id is that reply).
 */
export type DraftFeedbackAction = 'approved' | 'edited' | 'rejected' | 'buy_time' | 'sent' | 'saved' | 'own_reply';
export type DraftVerdict = 'unchanged' | 'lightly_edited' | 'rewritten';

// What the user did with a draft: original vs final text, for learning from edits.
export const draftFeedback = pgTable(
  'draft_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => drafts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    originalText: text('original_text').notNull(),
    finalText: text('final_text'),
    action: text('action').$type<DraftFeedbackAction>().notNull(),
    // The user's own reply the final text came from (action 'own_reply'); one row per (draft, reply).
    sourceEmailId: uuid('source_email_id').references(() => emails.id, { onDelete: 'cascade' }),
    // compareDraft (drafts/engine/learning.ts) of original and final text; null without a final text.
    similarity: real('similarity'),
    verdict: text('verdict').$type<DraftVerdict>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('draft_feedback_draft_idx').on(t.draftId),
    uniqueIndex('draft_feedback_draft_source_uq').on(t.draftId, t.sourceEmailId),
    index('draft_feedback_account_created_idx').on(t.emailAccountId, t.createdAt.desc().nullsFirst()),
    index('draft_feedback_user_idx').on(t.userId),
  ],
);

export type DraftFeedbackRow = typeof draftFeedback.$inferSelect;

export type DraftingMemoryScope = 'global' | 'sender' | 'domain';
export type DraftingMemoryKind = 'avoid_phrase' | 'substitution' | 'greeting' | 'closing' | 'lower_confidence' | 'length' | 'avoid_source';

// What Penman learnt from the user's edits, own replies and rejections (issue 20; the engine's
// MemoryItem, drafts/engine/learning-memory.ts). Learnt again after every feedback: an item learnt
// again is updated in place (the unique key), one the user deleted stays dismissed and unused.
export const draftingMemory = pgTable(
  'drafting_memory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    scope: text('scope').$type<DraftingMemoryScope>().notNull(),
    // The sender's address or the domain; '' for global.
    scopeValue: text('scope_value').notNull().default(''),
    kind: text('kind').$type<DraftingMemoryKind>().notNull(),
    // The phrase, the replaced words, the greeting / closing line ('' = none), the rejected sender or
    // domain, the email id of a past reply not to reuse.
    value: text('value').notNull(),
    replacement: text('replacement'),
    // Independent drafts (different emails) the pattern was seen in.
    evidence: integer('evidence').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    // Deleted by the user: never applied, never learnt again.
    dismissedAt: timestamptz('dismissed_at'),
    // Not found by the last learning run (the user's later drafts no longer show it): not applied.
    staleAt: timestamptz('stale_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // Greetings and closings are one per (scope, kind): the key leaves their value out (memoryKey).
    uniqueIndex('drafting_memory_key_uq').on(t.emailAccountId, t.scope, t.scopeValue, t.kind, t.value),
    index('drafting_memory_user_idx').on(t.userId),
  ],
);

export type DraftingMemoryRow = typeof draftingMemory.$inferSelect;
