import { MICROSOFT_CALLBACK_PATH, MICROSOFT_MESSAGES } from '@penman/contract';
import type { OAuthFlow } from './oauth-popup.ts';

/**
 * Microsoft's sign-in popup (issue 22): it comes back to /microsoft-callback, which posts
 * `MICROSOFT_AUTH_SUCCESS` or `MICROSOFT_AUTH_ERROR`. Microsoft answers a declined consent (or one
 * only an administrator may give) with `?error=access_denied&error_description=AADSTS…`: the user
 * reads what to do, not the code.
 */
export const MICROSOFT_FLOW: OAuthFlow<'MICROSOFT'> = {
  prefix: 'MICROSOFT',
  callbackPath: MICROSOFT_CALLBACK_PATH,
  channel: 'penman-microsoft-auth',
  popupName: 'penman-microsoft-auth',
  failures: { exchangeFailed: MICROSOFT_MESSAGES.exchangeFailed, processFailed: MICROSOFT_MESSAGES.processFailed },
  providerError: () => MICROSOFT_MESSAGES.consentDenied,
};
