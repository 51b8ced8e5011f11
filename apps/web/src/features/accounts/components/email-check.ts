import { ZEmail } from '@penman/contract';

/** The message for an address that is not valid (the sign-in form's rule), or undefined. Empty is the caller's case. */
export function emailProblem(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const parsed = ZEmail.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
