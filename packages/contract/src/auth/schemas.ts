import { z } from 'zod';
import { FIELD_LIMITS } from '../platform/constants.ts';
import { ZText } from '../platform/input.ts';
import { AUTH_MESSAGES as M } from './messages.ts';

// Same pattern the browser's type=email check uses, kept short and predictable.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ZEmail = ZText.trim().min(1, M.emailRequired).max(FIELD_LIMITS.email, M.emailTooLong).regex(EMAIL_PATTERN, M.emailInvalid);

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: ZText.min(1, M.passwordRequired),
});
export type SignInRequest = z.infer<typeof ZSignInRequest>;

export const ZFirstName = ZText.trim().min(1, M.firstNameRequired).max(FIELD_LIMITS.firstName, M.firstNameTooLong);
export const ZLastName = ZText.trim().min(1, M.lastNameRequired).max(FIELD_LIMITS.lastName, M.lastNameTooLong);
export const ZNewPassword = ZText.min(FIELD_LIMITS.passwordMin, M.passwordTooShort).max(128);

/** What an invitee submits on the invitation page (spec sign-up rules for names and password). */
export const ZAcceptInvitationRequest = z.object({
  email: ZEmail.optional(),
  firstName: ZFirstName,
  lastName: ZLastName,
  password: ZNewPassword,
});
export type AcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const ZInvitationInfo = z.object({
  email: z.string().nullable(),
  kind: z.enum(['owner', 'invite']),
  expiresAt: z.string(),
});
export type InvitationInfo = z.infer<typeof ZInvitationInfo>;

/** The signed-in user as the web sees it (the auth user joined with the profile). */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileEmail: z.string().nullable(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;
