import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Public (signed-out) submissions: no user_id.

export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // Stored trimmed and lower-cased, so the unique constraint catches duplicates.
    email: text('email').notNull().unique(),
    howHeard: text('how_heard'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('waitlist_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`), index('waitlist_created_idx').on(t.createdAt)],
);

export type WaitlistRow = typeof waitlist.$inferSelect;

// Contact-form messages; stored first, then forwarded (a forwarding failure loses nothing).
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    forwardError: text('forward_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export type ContactMessageRow = typeof contactMessages.$inferSelect;

// Fixed-window counts of public submissions per kind and address. Our own table: better-auth
// prunes its rate_limits rows after its longest window (a minute), which reset ours early.
export const submissionLimits = pgTable('submission_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Start of the current window, in milliseconds since the epoch. */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
});
