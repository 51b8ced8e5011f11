import { z } from 'zod';
import { ZText } from '../platform/input.ts';

// Delivery (issue 20): what Approve / Send Now does with a draft, per account, and how it went.

/** Save to Drafts (IMAP APPEND to the Drafts folder / Gmail drafts.create) or Send (SMTP / Gmail messages.send). */
export const DELIVERY_MODES = ['save_to_drafts', 'send'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DELIVERY_MODE_DEFAULT: DeliveryMode = 'save_to_drafts';

/** queued -> delivering -> delivered | failed; Retry puts a failed delivery back to queued. */
export const DELIVERY_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A draft's delivery, null on the draft until it is approved (or sent with Buy Time). */
export const ZDraftDelivery = z.object({
  mode: z.enum(DELIVERY_MODES),
  state: z.enum(DELIVERY_STATES),
  /** The reply's Message-ID, generated once per draft and kept across retries. */
  messageId: z.string(),
  attempts: z.number().int(),
  /** Why the last attempt failed, in words for the user; null unless failed. */
  error: z.string().nullable(),
  /** false when no retry can help (an imported file has no server: offer Copy and .eml download). */
  retryable: z.boolean(),
  deliveredAt: z.string().nullable(),
  /**
   * Sent, but the server never confirmed it: the whole message (and its final dot) went out, then
   * the connection dropped before the server's answer. Penman never sends it again, so it was
   * probably delivered; the user is told to check.
   */
  unconfirmed: z.boolean(),
});
export type DraftDelivery = z.infer<typeof ZDraftDelivery>;

/** SMTP is never spoken in the clear: STARTTLS (587) or implicit TLS (465). */
export const SMTP_SECURITY = ['starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** An IMAP account's SMTP settings as the account card shows them. The password is never returned. */
export const ZSmtpSettings = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  username: z.string(),
  /** true: the account's IMAP password is used (the default); false: a password of its own is stored. */
  usesImapPassword: z.boolean(),
  /** false: these are the provider's defaults, not saved yet. */
  saved: z.boolean(),
});
export type SmtpSettings = z.infer<typeof ZSmtpSettings>;

export const ZSmtpSettingsInput = z.object({
  host: ZText.trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  security: z.enum(SMTP_SECURITY),
  username: ZText.trim().min(1).max(320),
  /** Absent or null: use the IMAP password. A string: a password of its own (stored encrypted). */
  password: ZText.min(1).max(1024).nullable().optional(),
});
export type SmtpSettingsInput = z.infer<typeof ZSmtpSettingsInput>;

/** GET /api/accounts/:id/delivery */
export const ZDeliverySettingsResponse = z.object({
  mode: z.enum(DELIVERY_MODES),
  /** IMAP (exchange) accounts only; null for Gmail and imported files. */
  smtp: ZSmtpSettings.nullable(),
  /** false for an imported file: there is no server to deliver to. */
  canDeliver: z.boolean(),
  /** Gmail: false while the account was connected with read-only access (reconnect to grant compose). */
  canCompose: z.boolean(),
});
export type DeliverySettingsResponse = z.infer<typeof ZDeliverySettingsResponse>;

/** PUT /api/accounts/:id/delivery: SMTP settings are checked (a login) before they are saved. */
export const ZUpdateDeliverySettingsRequest = z.object({
  mode: z.enum(DELIVERY_MODES).optional(),
  smtp: ZSmtpSettingsInput.optional(),
});

/** POST /api/accounts/:id/delivery/check: logs in with these settings without saving them. */
export const ZCheckSmtpRequest = z.object({ smtp: ZSmtpSettingsInput });
export const ZCheckSmtpResponse = z.object({ ok: z.literal(true), message: z.string() });
