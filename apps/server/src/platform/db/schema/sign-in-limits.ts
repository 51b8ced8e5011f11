import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

// Failed sign-ins per client address, per (address, email) and per email (users/sign-in-limits.ts).
// In PostgreSQL so every server process counts the same failures; emails are stored as hashes.
// Not better-auth's rate_limits table: better-auth deletes its rows after its longest window (60 s),
// which would forget a back-off lock of several minutes.
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamptz('window_started_at').notNull(),
    lastFailureAt: timestamptz('last_failure_at').notNull(),
  },
  (t) => [index('sign_in_failures_last_failure_at_idx').on(t.lastFailureAt)],
);
