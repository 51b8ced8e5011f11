import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { ZEmail } from '../auth/schemas.ts';
import { FIELD_LIMITS } from '../platform/constants.ts';
import { ZText } from '../platform/input.ts';
import { SETTINGS_LABELS } from './labels.ts';

/** The Profile section's form: names (may be left empty) and the sign-in email. */
export const ZUpdateProfileRequest = z.object({
  firstName: ZText.trim().max(FIELD_LIMITS.firstName, AUTH_MESSAGES.firstNameTooLong),
  lastName: ZText.trim().max(FIELD_LIMITS.lastName, AUTH_MESSAGES.lastNameTooLong),
  email: ZEmail,
  // Needed only when `email` differs from the current sign-in email.
  currentPassword: ZText.max(128).optional(),
});
export type UpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

export const ZProfile = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});
export type Profile = z.infer<typeof ZProfile>;

export const ZProfileResponse = z.object({ profile: ZProfile });
export type ProfileResponse = z.infer<typeof ZProfileResponse>;

/** What "Storage used" adds up, in bytes (an estimate; see settings/repo.ts on the server). */
export const ZStorageUsage = z.object({
  databaseBytes: z.number().int().nonnegative(),
  fileBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
});

export const ZAccountInfoResponse = z.object({
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  connectedMailboxes: z.number().int().nonnegative(),
  storage: ZStorageUsage,
  plan: z.literal(SETTINGS_LABELS.plan),
  twoFactorEnabled: z.boolean(),
});
export type AccountInfoResponse = z.infer<typeof ZAccountInfoResponse>;

/** One signed-in session, by its row id: never its token (a bearer secret). */
export const ZSessionEntry = z.object({
  id: z.string(),
  browser: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SessionEntry = z.infer<typeof ZSessionEntry>;

export const ZSessionsResponse = z.object({ sessions: z.array(ZSessionEntry) });
export type SessionsResponse = z.infer<typeof ZSessionsResponse>;

export const ZSessionIdParam = z.object({ id: ZText.min(1).max(100) });

export const ZRevokeOtherSessionsResponse = z.object({ revoked: z.number().int().nonnegative() });

/** The danger zone's typed confirmation, word for word from the spec. */
export const DELETE_MY_ACCOUNT_CONFIRMATION = 'DELETE MY ACCOUNT';

/** Deleting the user: the typed confirmation, the current password, and the TOTP code when two-factor is on. */
export const ZDeleteMyAccountRequest = z.object({
  confirmation: z.literal(DELETE_MY_ACCOUNT_CONFIRMATION, { error: `Type ${DELETE_MY_ACCOUNT_CONFIRMATION} to confirm` }),
  password: ZText.min(1).max(1000),
  code: ZText.max(20).optional(),
});
export type DeleteMyAccountRequest = z.infer<typeof ZDeleteMyAccountRequest>;
