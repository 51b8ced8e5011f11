import { describe, expect, it } from 'vitest';
import { ApiRequestError, networkError } from '../../../lib/api-error.ts';
import { GMAIL_FLOW } from './gmail-auth.ts';
import { completeOAuthCallback, emailFromState, type OAuthCallbackParams, oauthPopupFeatures, parseOAuthMessage } from './oauth-popup.ts';

const parseGmailAuthMessage = (data: unknown) => parseOAuthMessage(GMAIL_FLOW, data);
const completeGmailCallback = (params: OAuthCallbackParams, origin: string, exchange: Parameters<typeof completeOAuthCallback>[3]) =>
  completeOAuthCallback(GMAIL_FLOW, params, origin, exchange);

const ORIGIN = 'https://penman.example';

it('opens a 500x600 popup centred on the window', () => {
  expect(oauthPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 })).toBe(
    'popup=yes,width=500,height=600,left=500,top=200',
  );
});

describe('parseGmailAuthMessage', () => {
  it('accepts the two popup messages only', () => {
    expect(parseGmailAuthMessage({ type: 'GMAIL_AUTH_SUCCESS', email: 'a@b.c' })).toEqual({ type: 'GMAIL_AUTH_SUCCESS', email: 'a@b.c' });
    expect(parseGmailAuthMessage({ type: 'GMAIL_AUTH_ERROR', error: 'denied' })).toEqual({ type: 'GMAIL_AUTH_ERROR', error: 'denied' });
    expect(parseGmailAuthMessage({ type: 'GMAIL_AUTH_SUCCESS' })).toBeNull();
    expect(parseGmailAuthMessage('GMAIL_AUTH_SUCCESS')).toBeNull();
    expect(parseGmailAuthMessage({ source: 'react-devtools' })).toBeNull();
  });
});

describe('completeGmailCallback', () => {
  const state = JSON.stringify({ email: 'ada@gmail.com', nonce: 'n' });
  const ok = async () => ({ email: 'ada@gmail.com' });

  it('reports the provider error without calling the server', async () => {
    let called = false;
    const exchange = async () => {
      called = true;
      return { email: '' };
    };
    expect(await completeGmailCallback({ code: null, state, error: 'access_denied' }, ORIGIN, exchange)).toEqual({
      type: 'GMAIL_AUTH_ERROR',
      error: 'access_denied',
    });
    expect(called).toBe(false);
  });

  it('sends the code, the state and the redirect URI, and reports the email', async () => {
    let input: unknown;
    const result = await completeGmailCallback({ code: 'c-1', state, error: null }, ORIGIN, async (value) => {
      input = value;
      return ok();
    });
    expect(input).toEqual({ code: 'c-1', state, redirectUri: 'https://penman.example/gmail-callback' });
    expect(result).toEqual({ type: 'GMAIL_AUTH_SUCCESS', email: 'ada@gmail.com' });
  });

  it('falls back to the email of the state', async () => {
    expect(await completeGmailCallback({ code: 'c', state, error: null }, ORIGIN, async () => ({ email: '' }))).toEqual({
      type: 'GMAIL_AUTH_SUCCESS',
      email: 'ada@gmail.com',
    });
  });

  it("passes the server's message on, and names other failures", async () => {
    const refused = async () => {
      throw new ApiRequestError(400, 'BAD_REQUEST', 'No refresh token received from Google');
    };
    const offline = async () => {
      throw networkError(new TypeError('fetch failed'));
    };
    expect(await completeGmailCallback({ code: 'c', state, error: null }, ORIGIN, refused)).toEqual({
      type: 'GMAIL_AUTH_ERROR',
      error: 'No refresh token received from Google',
    });
    expect(await completeGmailCallback({ code: 'c', state, error: null }, ORIGIN, offline)).toEqual({
      type: 'GMAIL_AUTH_ERROR',
      error: 'Failed to process authentication',
    });
    expect(await completeGmailCallback({ code: null, state: null, error: null }, ORIGIN, ok)).toEqual({
      type: 'GMAIL_AUTH_ERROR',
      error: 'Failed to process authentication',
    });
  });
});

it('reads the email of a state, or null', () => {
  expect(emailFromState('{"email":"x@y.z","nonce":"1"}')).toBe('x@y.z');
  expect(emailFromState('opaque')).toBeNull();
  expect(emailFromState(null)).toBeNull();
});
