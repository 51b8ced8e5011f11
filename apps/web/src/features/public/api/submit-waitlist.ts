import { AUTH_MESSAGES, PUBLIC_MESSAGES, TOAST_MS, type WaitlistForm, waitlistName } from '@penman/contract';
import { toast } from 'sonner';
import { api, unwrap } from '@/lib/api-client.ts';
import { ApiRequestError } from '@/lib/api-error.ts';
import { type FieldErrors, fromServerFields, validateWaitlist, type WaitlistValues } from './waitlist-validation.ts';

// Loaded on the first focus or submit of a waitlist form, so the landing page's first load
// carries no zod, API client or toast code.

export type SubmitResult = { ok: true } | { ok: false; errors: FieldErrors };

/**
 * Validates, then sends name (first and last joined), email and how-heard. A duplicate email
 * comes back as a field error and keeps the visitor in the form; other failures are toasts.
 */
export async function submitWaitlist(values: WaitlistValues): Promise<SubmitResult> {
  const errors = validateWaitlist(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const form = values as WaitlistForm;
  try {
    await unwrap(api.waitlist.$post({ json: { name: waitlistName(form), email: form.email.trim(), howHeard: form.howHeard } }));
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'CONFLICT') {
      return { ok: false, errors: { email: PUBLIC_MESSAGES.waitlistDuplicate } };
    }
    if (error instanceof ApiRequestError && error.code === 'VALIDATION') {
      const fields = fromServerFields(error.fields);
      if (Object.keys(fields).length > 0) return { ok: false, errors: fields };
    }
    toast.error(PUBLIC_MESSAGES.waitlistFailedTitle, {
      description: (error instanceof Error && error.message) || AUTH_MESSAGES.tryLater,
      duration: TOAST_MS.default,
    });
    return { ok: false, errors: {} };
  }
  toast.success(PUBLIC_MESSAGES.waitlistSuccessTitle, { description: PUBLIC_MESSAGES.waitlistSuccessBody, duration: TOAST_MS.default });
  return { ok: true };
}
