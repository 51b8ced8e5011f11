import { sql } from 'drizzle-orm';
import { customType, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// Shared column builders. Each call returns a fresh builder, so they can be reused per table.

/** `user_id text not null references users(id) on delete cascade`: every product table has it. */
export const userIdColumn = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Makes PostgreSQL toast every row of a table whose counts must visit few pages (emails,
 * email_search). PostgreSQL only toasts a row over ~2 kB (a compile-time threshold; the
 * toast_tuple_target reloption sets how far a toasted row shrinks, not when toasting starts), so a
 * short email kept its body or vector inline and widened the heap that a search's exact count
 * visits row by row. A 2,100-byte value pushes every row over the threshold; it compresses to
 * about 30 bytes, and the long values (bodies, vectors) go out of line. Never read. See
 * docs/decisions/012.
 */
export const toastPaddingColumn = () => text('toast_padding').default(sql`repeat(' ', 2100)`);

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

// drizzle has no built-in tsvector.
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
