import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, userIdColumn } from './columns.ts';

// One row per user (spec "Profile"); the display email falls back to users.email when null.
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userIdColumn().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type ProfileRow = typeof profiles.$inferSelect;
