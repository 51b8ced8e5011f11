import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth/messages.ts';
import { ZEmail, ZFirstName, ZLastName } from '../auth/schemas.ts';
import { FIELD_LIMITS } from '../platform/constants.ts';
import { ZText } from '../platform/input.ts';
import { HOW_HEARD_VALUES } from './how-heard.ts';
import { PUBLIC_MESSAGES as M } from './messages.ts';

const ZName = ZText.trim().min(1, M.nameRequired).max(FIELD_LIMITS.name, M.nameTooLong);
/** Emails of public submissions are stored trimmed and lower-cased. */
const ZPublicEmail = ZEmail.toLowerCase();

/** POST /api/waitlist: what the dialog and the landing form send (name = first and last joined). */
export const ZWaitlistRequest = z.object({
  name: ZName,
  email: ZPublicEmail,
  howHeard: z.enum(HOW_HEARD_VALUES).optional(),
});
export type WaitlistRequest = z.input<typeof ZWaitlistRequest>;

export const ZWaitlistResponse = z.object({ joined: z.literal(true) });
export type WaitlistResponse = z.infer<typeof ZWaitlistResponse>;

export const ZWaitlistCountResponse = z.object({ count: z.number().int().min(0) });
export type WaitlistCountResponse = z.infer<typeof ZWaitlistCountResponse>;

/** The waitlist form's fields: first and last name, email and the how-heard choice, all required. */
export const ZWaitlistForm = z
  .object({
    firstName: ZFirstName,
    lastName: ZLastName,
    email: ZEmail,
    howHeard: z.enum(HOW_HEARD_VALUES, { error: AUTH_MESSAGES.howHeardRequired }),
  })
  .refine((form) => waitlistName(form).length <= FIELD_LIMITS.name, { message: M.nameTooLong, path: ['lastName'] });
export type WaitlistForm = z.input<typeof ZWaitlistForm>;

export function waitlistName(form: { firstName: string; lastName: string }): string {
  return `${form.firstName.trim()} ${form.lastName.trim()}`.trim();
}

/** POST /api/contact. */
export const ZContactRequest = z.object({
  name: ZName,
  email: ZPublicEmail,
  subject: ZText.trim().min(1, M.subjectRequired).max(FIELD_LIMITS.subject, M.subjectTooLong),
  message: ZText.trim().min(1, M.messageRequired).max(FIELD_LIMITS.message, M.messageTooLong),
});
export type ContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ received: z.literal(true) });
export type ContactResponse = z.infer<typeof ZContactResponse>;
