import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export type NotificationRow = typeof notifications.$inferSelect;
