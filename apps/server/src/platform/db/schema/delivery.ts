import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { emailAccountIdColumn } from './accounts.ts';
import { createdAtColumn, timestamptz, updatedAtColumn, userIdColumn } from './columns.ts';
import { drafts } from './drafts.ts';

export type StoredDeliveryMode = 'save_to_drafts' | 'send';
export type StoredDeliveryState = 'queued' | 'delivering' | 'delivered' | 'failed';
export type StoredSmtpSecurity = 'starttls' | 'tls';
/**
 * How far an SMTP send got, written before the step it names (delivery/service.ts): 'data' before the
 * first byte of the message goes out, 'data_end' before the final dot; 'accepted' after the 250.
 * A retry that finds 'data_end' or 'accepted' never sends again (the server may hold the message).
 */
export type SmtpPhase = 'data' | 'data_end' | 'accepted';

// What Approve / Send Now does for an account (issue 20). No row: Save to Drafts, SMTP from the
// provider's presets with the IMAP password.
export const deliverySettings = pgTable('delivery_settings', {
  emailAccountId: emailAccountIdColumn().primaryKey(),
  userId: userIdColumn(),
  mode: text('mode').$type<StoredDeliveryMode>().notNull().default('save_to_drafts'),
  // Null host: the provider's presets (delivery/engine/smtp-presets.ts).
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpSecurity: text('smtp_security').$type<StoredSmtpSecurity>(),
  smtpUsername: text('smtp_username'),
  // SecretBox ciphertext of an SMTP password of its own; null = the IMAP password. Never returned.
  smtpEncryptedPassword: text('smtp_encrypted_password'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;

// One delivery per draft, created in the transaction that approves it (with its job), so an approval
// is never lost and nothing unapproved is sent. The Message-ID is fixed here, before any attempt:
// every retry looks for it in the mailbox before sending again.
export const draftDeliveries = pgTable('draft_deliveries', {
  draftId: uuid('draft_id')
    .primaryKey()
    .references(() => drafts.id, { onDelete: 'cascade' }),
  userId: userIdColumn(),
  emailAccountId: emailAccountIdColumn(),
  mode: text('mode').$type<StoredDeliveryMode>().notNull(),
  state: text('state').$type<StoredDeliveryState>().notNull().default('queued'),
  // Without angle brackets.
  messageId: text('message_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  retryable: boolean('retryable').notNull().default(true),
  smtpPhase: text('smtp_phase').$type<SmtpPhase>(),
  // The copy in the mailbox: IMAP 'folder:uid', Gmail message or draft id.
  providerMessageId: text('provider_message_id'),
  providerThreadId: text('provider_thread_id'),
  deliveredAt: timestamptz('delivered_at'),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

export type DraftDeliveryRow = typeof draftDeliveries.$inferSelect;
