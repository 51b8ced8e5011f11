import { ZWaitlistForm } from '@penman/contract';

export type WaitlistField = 'firstName' | 'lastName' | 'email' | 'howHeard';
export type WaitlistValues = Record<WaitlistField, string>;
export type FieldErrors = Partial<Record<WaitlistField, string>>;

/** Checks the form against the schema: the per-field messages, or none. */
export function validateWaitlist(values: WaitlistValues): FieldErrors {
  const parsed = ZWaitlistForm.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as WaitlistField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server names the joined `name`; the form shows its message under the last name. */
export function fromServerFields(fields: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  if (fields.name) errors.lastName = fields.name;
  if (fields.email) errors.email = fields.email;
  if (fields.howHeard) errors.howHeard = fields.howHeard;
  return errors;
}
