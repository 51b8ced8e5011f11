import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { emailAccounts } from './accounts.ts';
import { createdAtColumn, userIdColumn } from './columns.ts';

// The dashboard's Recent Activity feed.
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: uuid('email_account_id').references(() => emailAccounts.id, {
      onDelete: 'cascade',
    }),
    // e.g. 'account_connected', 'sync_finished', 'initialization_completed', 'file_uploaded'.
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('activity_events_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('activity_events_account_idx').on(t.emailAccountId),
  ],
);

export type ActivityEventRow = typeof activityEvents.$inferSelect;
