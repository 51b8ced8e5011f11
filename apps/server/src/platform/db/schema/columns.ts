import { customType, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// Shared column builders. Each call returns a fresh builder, so they can be reused per table.

/** `user_id text not null references users(id) on delete cascade`: every product table has it. */
export const userIdColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

// drizzle has no built-in tsvector; only used for generated (read-only) search columns.
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
