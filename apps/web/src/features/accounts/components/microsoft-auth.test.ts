import { MICROSOFT_MESSAGES } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { GMAIL_FLOW } from './gmail-auth.ts';
import { MICROSOFT_FLOW } from './microsoft-auth.ts';
import { completeOAuthCallback, parseOAuthMessage } from './oauth-popup.ts';

const ORIGIN = 'https://penman.example';
const STATE = 'signed-state';

describe('the Microsoft popup message', () => {
  it('is told apart from the Gmail one, so each connect flow hears its own popup only', () => {
    const success = { type: 'MICROSOFT_AUTH_SUCCESS', email: 'megan@contoso.com' };
    expect(parseOAuthMessage(MICROSOFT_FLOW, success)).toEqual(success);
    expect(parseOAuthMessage(MICROSOFT_FLOW, { type: 'MICROSOFT_AUTH_ERROR', error: 'x' })).toEqual({
      type: 'MICROSOFT_AUTH_ERROR',
      error: 'x',
    });
    expect(parseOAuthMessage(GMAIL_FLOW, success)).toBeNull();
    expect(parseOAuthMessage(MICROSOFT_FLOW, { type: 'GMAIL_AUTH_SUCCESS', email: 'ada@gmail.com' })).toBeNull();
    expect(parseOAuthMessage(MICROSOFT_FLOW, { type: 'MICROSOFT_AUTH_SUCCESS' })).toBeNull();
  });
});

describe('completing /microsoft-callback', () => {
  it('turns the error Microsoft sends on a declined consent into what to do, without calling the server', async () => {
    let called = false;
    const exchange = async () => {
      called = true;
      return { email: '' };
    };
    const params = {
      code: null,
      state: STATE,
      error: 'access_denied',
      errorDescription: 'AADSTS65004: User declined to consent to access the app.',
    };
    expect(await completeOAuthCallback(MICROSOFT_FLOW, params, ORIGIN, exchange)).toEqual({
      type: 'MICROSOFT_AUTH_ERROR',
      error: MICROSOFT_MESSAGES.consentDenied,
    });
    expect(called).toBe(false);
  });

  it('sends the code, the state and the /microsoft-callback redirect URI, and reports the address', async () => {
    let input: unknown;
    const result = await completeOAuthCallback(MICROSOFT_FLOW, { code: 'M.C-1', state: STATE, error: null }, ORIGIN, async (value) => {
      input = value;
      return { email: 'megan@contoso.com' };
    });
    expect(input).toEqual({ code: 'M.C-1', state: STATE, redirectUri: 'https://penman.example/microsoft-callback' });
    expect(result).toEqual({ type: 'MICROSOFT_AUTH_SUCCESS', email: 'megan@contoso.com' });
  });

  it("passes the server's message on, and names its own failures in Microsoft's words", async () => {
    const imapOff = async () => {
      throw new ApiRequestError(400, 'BAD_REQUEST', MICROSOFT_MESSAGES.imapDisabled);
    };
    const silent = async () => {
      throw new ApiRequestError(502, 'INTERNAL', '');
    };
    expect(await completeOAuthCallback(MICROSOFT_FLOW, { code: 'c', state: STATE, error: null }, ORIGIN, imapOff)).toEqual({
      type: 'MICROSOFT_AUTH_ERROR',
      error: MICROSOFT_MESSAGES.imapDisabled,
    });
    expect(await completeOAuthCallback(MICROSOFT_FLOW, { code: 'c', state: STATE, error: null }, ORIGIN, silent)).toEqual({
      type: 'MICROSOFT_AUTH_ERROR',
      error: MICROSOFT_MESSAGES.exchangeFailed,
    });
    expect(await completeOAuthCallback(MICROSOFT_FLOW, { code: null, state: null, error: null }, ORIGIN, silent)).toEqual({
      type: 'MICROSOFT_AUTH_ERROR',
      error: MICROSOFT_MESSAGES.processFailed,
    });
  });
});
