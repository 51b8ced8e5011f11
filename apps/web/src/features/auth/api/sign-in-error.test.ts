import { AUTH_MESSAGES } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { secondFactorFailure, signInErrorDescription, signInFailureOf } from './sign-in-error.ts';

describe('signInErrorDescription', () => {
  it.each([
    [
      'better-auth wrong credentials',
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 },
      AUTH_MESSAGES.invalidCredentials,
    ],
    ['spec wording of wrong credentials', { message: 'Invalid login credentials' }, AUTH_MESSAGES.invalidCredentials],
    ['unverified email', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified', status: 403 }, AUTH_MESSAGES.emailNotConfirmed],
    ['spec wording of unconfirmed email', { message: 'Email not confirmed' }, AUTH_MESSAGES.emailNotConfirmed],
    [
      'rate limit keeps its own message',
      { message: 'Too many requests. Please try again later.', status: 429 },
      'Too many requests. Please try again later.',
    ],
    ['no message at all', { status: 500 }, AUTH_MESSAGES.tryLater],
    ['blank message', { message: '   ' }, AUTH_MESSAGES.tryLater],
  ])('%s', (_name, failure, expected) => {
    expect(signInErrorDescription(failure)).toBe(expected);
  });
});

describe('signInFailureOf', () => {
  it("reads better-auth's own errors", () => {
    expect(signInFailureOf({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 })).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      status: 401,
    });
  });

  it("reads the app's error shape of the sign-in limit, so its message reaches the toast", () => {
    const limited = { status: 429, error: { code: 'RATE_LIMITED', message: 'Too many sign-in attempts. Please try again later.' } };
    expect(signInErrorDescription(signInFailureOf(limited))).toBe('Too many sign-in attempts. Please try again later.');
  });
});

describe('secondFactorFailure', () => {
  it.each([
    [
      { code: 'INVALID_CODE', message: 'Invalid code' },
      { message: AUTH_MESSAGES.secondFactorInvalid, restart: false },
    ],
    [
      { code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' },
      { message: AUTH_MESSAGES.secondFactorInvalid, restart: false },
    ],
    [{ code: 'INVALID_TWO_FACTOR_COOKIE' }, { message: AUTH_MESSAGES.secondFactorExpired, restart: true }],
    [{ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' }, { message: AUTH_MESSAGES.secondFactorExpired, restart: true }],
    [
      { code: 'ACCOUNT_TEMPORARILY_LOCKED', message: 'Too many failed verification attempts.' },
      { message: 'Too many failed verification attempts.', restart: false },
    ],
    [{}, { message: AUTH_MESSAGES.tryLater, restart: false }],
  ])('%j', (failure, expected) => {
    expect(secondFactorFailure(failure)).toEqual(expected);
  });
});
