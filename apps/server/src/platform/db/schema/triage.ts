import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn, emailAccounts } from './accounts.ts';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';
import { emails } from './mail.ts';

// Triage of one incoming email (issue 18): does it need a reply, and a person before anything is
// sent. A table of its own, not columns on `emails`: the emails heap stays narrow (decisions 010/012).
export const emailTriage = pgTable(
  'email_triage',
  {
    emailId: uuid('email_id')
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    needsReply: boolean('needs_reply').notNull(),
    needsReview: boolean('needs_review').notNull(),
    // needs_reply's score, 0..1 (0 when a hard rule excluded the mail).
    score: real('score').notNull().default(0),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    reviewReasons: text('review_reasons').array().notNull().default(sql`'{}'::text[]`),
    // The user said so ("needs a reply" / "doesn't need a reply"): triage run again keeps it.
    corrected: boolean('corrected').notNull().default(false),
    decidedAt: timestamptz('decided_at').notNull().defaultNow(),
  },
  (t) => [index('email_triage_account_idx').on(t.emailAccountId), index('email_triage_user_idx').on(t.userId)],
);

// What Penman understood of one email (issue 31, understanding/engine): who is asked, what, by
// when, sensitivity, machine or person. JSON of the engine's Understanding; `version` is its
// UNDERSTANDING_VERSION (an older one is read again). Incoming and sent mail.
export const emailUnderstanding = pgTable(
  'email_understanding',
  {
    emailId: uuid('email_id')
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    version: integer('version').notNull(),
    understanding: jsonb('understanding').$type<unknown>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('email_understanding_account_idx').on(t.emailAccountId), index('email_understanding_user_idx').on(t.userId)],
);

// A user's correction of triage on one email, learned per sender and per kind of mail.
export const triageCorrections = pgTable(
  'triage_corrections',
  {
    emailId: uuid('email_id')
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    sender: text('sender').notNull(),
    kind: text('kind').notNull(),
    needsReply: boolean('needs_reply').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('triage_corrections_account_idx').on(t.emailAccountId), index('triage_corrections_user_idx').on(t.userId)],
);

export type EmailTriageRow = typeof emailTriage.$inferSelect;

// The needs_reply model learned from an account's own history (triage's ReplyHistory, its Maps kept
// as entry arrays by a generic JSON replacer, so fields the engine adds need no change here).
export const triageModels = pgTable(
  'triage_models',
  {
    emailAccountId: uuid('email_account_id')
      .primaryKey()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    model: jsonb('model').$type<unknown>().notNull(),
    // How many incoming emails it was learned from.
    learnedFrom: integer('learned_from').notNull().default(0),
    learnedAt: timestamptz('learned_at').notNull().defaultNow(),
  },
  (t) => [index('triage_models_user_idx').on(t.userId)],
);

// The account's drafting settings (ZDraftingSettings); an account without a row has the defaults.
export const draftingSettings = pgTable(
  'drafting_settings',
  {
    emailAccountId: uuid('email_account_id')
      .primaryKey()
      .references(() => emailAccounts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    enabled: boolean('enabled').notNull().default(true),
    defaultMode: text('default_mode').$type<'full' | 'buy_time'>().notNull().default('full'),
    buyTimeHours: integer('buy_time_hours').notNull().default(24),
    reviewWords: text('review_words').array().notNull().default(sql`'{}'::text[]`),
    reviewSenders: text('review_senders').array().notNull().default(sql`'{}'::text[]`),
    ignoredSenders: text('ignored_senders').array().notNull().default(sql`'{}'::text[]`),
    engine: text('engine').$type<'builtin' | 'llm'>().notNull().default('builtin'),
    // Auto-drafting paused itself (issue 20): none of the account's last drafts was used. Drafting
    // is then off (enabled false); turning it on again clears these.
    pausedAt: timestamptz('paused_at'),
    pausedReason: text('paused_reason'),
    // When drafting was last turned on again: only drafts written since count toward a pause.
    resumedAt: timestamptz('resumed_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('drafting_settings_user_idx').on(t.userId)],
);

export type DraftingSettingsRow = typeof draftingSettings.$inferSelect;
