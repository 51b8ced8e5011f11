import { GMAIL_CALLBACK_MESSAGES } from '@penman/contract';
import type { OAuthFlow } from './oauth-popup.ts';

/**
 * Google's consent popup (spec part 1 section 7): it comes back to /gmail-callback, which posts
 * `GMAIL_AUTH_SUCCESS` or `GMAIL_AUTH_ERROR` with Google's error as is (e.g. 'access_denied').
 */
export const GMAIL_FLOW: OAuthFlow<'GMAIL'> = {
  prefix: 'GMAIL',
  callbackPath: '/gmail-callback',
  channel: 'penman-gmail-auth',
  popupName: 'penman-gmail-auth',
  failures: { exchangeFailed: GMAIL_CALLBACK_MESSAGES.exchangeFailed, processFailed: GMAIL_CALLBACK_MESSAGES.processFailed },
  providerError: (error) => error,
};
