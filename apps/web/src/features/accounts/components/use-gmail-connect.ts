import { ACCOUNT_MESSAGES } from '@penman/contract';
import { getGmailClientId } from '../api/get-gmail-client-id.ts';
import { startGmailAuth } from '../api/start-gmail-auth.ts';
import { GMAIL_FLOW } from './gmail-auth.ts';
import { type OAuthConnectConfig, useOAuthConnect } from './use-oauth-connect.ts';

// Google's consent page as the server built it: its client id, read-only and compose scopes, offline
// access, forced consent, the redirect to /gmail-callback and the server's state.
export const GMAIL_CONNECT: OAuthConnectConfig<'GMAIL'> = {
  flow: GMAIL_FLOW,
  getClientId: getGmailClientId,
  start: startGmailAuth,
  texts: {
    connectedTitle: ACCOUNT_MESSAGES.gmailConnectedTitle,
    startFailed: ACCOUNT_MESSAGES.gmailStartFailed,
    notConfigured: ACCOUNT_MESSAGES.noClientId,
    authFailed: ACCOUNT_MESSAGES.gmailAuthFailed,
  },
};

/** The Gmail consent popup (spec part 1 sections 4 and 7). */
export function useGmailConnect({ onConnected }: { onConnected: () => void }) {
  return useOAuthConnect(GMAIL_CONNECT, { onConnected });
}
