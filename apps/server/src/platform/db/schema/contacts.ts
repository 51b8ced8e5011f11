import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';

/** Fields a reprocess must never overwrite once the user edited them. */
export type ContactEditableField = 'phone_number' | 'job_title' | 'department' | 'notes';
export type InteractionFrequency = 'very_high' | 'high' | 'medium' | 'low';

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    // Normalised: trimmed, lower-cased.
    emailAddress: text('email_address').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    companyName: text('company_name'),
    phoneNumber: text('phone_number'),
    jobTitle: text('job_title'),
    department: text('department'),
    domain: text('domain'),
    isInternal: boolean('is_internal').notNull().default(false),
    notes: text('notes'),
    // A contact the user deleted stays deleted: reprocess skips it instead of recreating it.
    userDeleted: boolean('user_deleted').notNull().default(false),
    userEditedFields: text('user_edited_fields').array().$type<ContactEditableField[]>().notNull().default(sql`'{}'::text[]`),
    // Case- and accent-insensitive search over names, address and company:
    // `search_text LIKE '%' || f_unaccent(lower(q)) || '%'` (trigram-indexed). f_unaccent is the
    // immutable unaccent wrapper created by the first migration.
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`public.f_unaccent(lower(coalesce("first_name", '') || chr(10) || coalesce("last_name", '') || chr(10) || coalesce("display_name", '') || chr(10) || "email_address" || chr(10) || coalesce("company_name", '')))`,
    ),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    lastInteractionAt: timestamptz('last_interaction_at'),
  },
  // No index on last_interaction_at (nor on contact_statistics.relationship_strength): no query orders or filters by them,
  // and every index costs each contact-book build (about 20,000 rows at once).
  (t) => [
    uniqueIndex('contacts_account_email_uq').on(t.emailAccountId, t.emailAddress),
    index('contacts_user_idx').on(t.userId),
    index('contacts_account_company_idx').on(t.emailAccountId, t.companyName),
    index('contacts_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;

// One row per contact (the spec reads it as a list and uses the first entry).
export const contactStatistics = pgTable(
  'contact_statistics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .unique()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    emailsSent: integer('emails_sent').notNull().default(0),
    emailsReceived: integer('emails_received').notNull().default(0),
    totalInteractions: integer('total_interactions').notNull().default(0),
    interactionFrequency: text('interaction_frequency').$type<InteractionFrequency>().notNull().default('low'),
    // 0..1.
    relationshipStrength: real('relationship_strength').notNull().default(0),
    avgResponseTimeHours: real('avg_response_time_hours'),
    firstInteractionAt: timestamptz('first_interaction_at'),
    lastInteractionAt: timestamptz('last_interaction_at'),
    mostCommonSubjectKeywords: text('most_common_subject_keywords').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('contact_statistics_user_idx').on(t.userId),
    // The contacts listing's order (most interactions, then most recent), read straight from the index.
    index('contact_statistics_account_order_idx').on(
      t.emailAccountId,
      t.totalInteractions.desc(),
      t.lastInteractionAt.desc().nullsLast(),
      t.contactId,
    ),
  ],
);

export type ContactStatisticsRow = typeof contactStatistics.$inferSelect;

// Senders the user never wants as contacts.
export const ignoredSenders = pgTable(
  'ignored_senders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    emailAccountId: emailAccountIdColumn(),
    // Normalised: trimmed, lower-cased.
    emailAddress: text('email_address').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('ignored_senders_account_email_uq').on(t.emailAccountId, t.emailAddress),
    index('ignored_senders_user_idx').on(t.userId),
  ],
);

export type IgnoredSenderRow = typeof ignoredSenders.$inferSelect;
