import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export type InvitationKind = 'owner' | 'invite';

// One-time sign-up links made by the operator (admin CLI, or the owner link on first start).
// Only the sha256 of the token is stored; the link carries the token itself.
export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  // Null for the owner setup link, where the invitee types the email.
  email: text('email'),
  kind: text('kind').$type<InvitationKind>().notNull().default('invite'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedByUserId: text('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

export type InvitationRow = typeof invitations.$inferSelect;
