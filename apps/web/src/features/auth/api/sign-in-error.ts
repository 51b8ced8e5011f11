import { AUTH_MESSAGES } from '@penman/contract';

/** What better-auth answers when a sign-in is refused. */
export type SignInFailure = { code?: string | undefined; message?: string | undefined; status?: number | undefined };

/**
 * better-auth's client spreads the answer's JSON into its error: its own errors carry `code` and
 * `message` at the top, ours (the sign-in limit) carry the app's `{ error: { code, message } }`.
 */
export function signInFailureOf(error: SignInFailure & { error?: { code?: string; message?: string } }): SignInFailure {
  const nested = error.error;
  return nested
    ? { code: nested.code, message: nested.message, status: error.status }
    : { code: error.code, message: error.message, status: error.status };
}

const INVALID_CREDENTIAL_MESSAGES = new Set(['invalid login credentials', 'invalid email or password']);
const NOT_CONFIRMED_MESSAGES = new Set(['email not confirmed', 'email not verified']);

/** The toast description for a refused sign-in (spec section 8). */
export function signInErrorDescription(failure: SignInFailure): string {
  const message = failure.message?.trim() ?? '';
  const normalized = message.toLowerCase();
  if (failure.code === 'INVALID_EMAIL_OR_PASSWORD' || INVALID_CREDENTIAL_MESSAGES.has(normalized)) return AUTH_MESSAGES.invalidCredentials;
  if (failure.code === 'EMAIL_NOT_VERIFIED' || NOT_CONFIRMED_MESSAGES.has(normalized)) return AUTH_MESSAGES.emailNotConfirmed;
  return message || AUTH_MESSAGES.tryLater;
}

/** Codes better-auth answers when the two-factor challenge itself is gone (expired, or too many tries). */
const CHALLENGE_GONE_CODES = new Set(['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

/** The second step's failure: a wrong code, or a challenge that is gone (then the password step again). */
export function secondFactorFailure(failure: SignInFailure): { message: string; restart: boolean } {
  if (failure.code && CHALLENGE_GONE_CODES.has(failure.code)) return { message: AUTH_MESSAGES.secondFactorExpired, restart: true };
  if (failure.code === 'INVALID_CODE' || failure.code === 'INVALID_BACKUP_CODE')
    return { message: AUTH_MESSAGES.secondFactorInvalid, restart: false };
  return { message: failure.message?.trim() || AUTH_MESSAGES.tryLater, restart: false };
}
