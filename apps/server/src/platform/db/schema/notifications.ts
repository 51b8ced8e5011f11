import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, userIdColumn } from './columns.ts';

// The Settings page's Notifications toggles, one row per user; no row = the defaults
// (NOTIFICATION_PREFS_DEFAULT in the contract).
export const notificationPrefs = pgTable('notification_prefs', {
  userId: userIdColumn().primaryKey(),
  newDrafts: boolean('new_drafts').notNull(),
  flaggedDrafts: boolean('flagged_drafts').notNull(),
  failures: boolean('failures').notNull(),
  weeklySummary: boolean('weekly_summary').notNull(),
  email: boolean('email').notNull(),
  updatedAt: updatedAtColumn(),
});

// The in-app bell's list. `kind` is one of NOTIFICATION_KINDS; `link` is an app path.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    // The email copy (the "email" toggle): 'pending' until the notifications.email job sends it,
    // then 'sent' or 'failed'; null when none was asked for.
    emailState: text('email_state').$type<'pending' | 'sending' | 'sent' | 'failed'>(),
    // When a run claimed the copy ('sending'): a run that died leaves it there, and a later run takes it again.
    emailClaimedAt: timestamp('email_claimed_at', { withTimezone: true }),
    // One notification per (user, key): the weekly summary's 'weekly:2026-W48', so a second run adds none.
    dedupeKey: text('dedupe_key'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('notifications_user_dedupe_key_idx').on(t.userId, t.dedupeKey),
    index('notifications_email_pending_idx').on(t.emailState).where(sql`${t.emailState} in ('pending', 'sending')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
