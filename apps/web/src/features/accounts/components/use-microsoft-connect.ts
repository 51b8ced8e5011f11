import { MICROSOFT_LABELS, MICROSOFT_MESSAGES } from '@penman/contract';
import { getMicrosoftClientId } from '../api/get-microsoft-client-id.ts';
import { startMicrosoftAuth } from '../api/start-microsoft-auth.ts';
import { MICROSOFT_FLOW } from './microsoft-auth.ts';
import { type OAuthConnectConfig, useOAuthConnect } from './use-oauth-connect.ts';

// Microsoft's sign-in page as the server built it: the app's client id, the IMAP and SMTP scopes with
// offline access, the address as login hint, the PKCE challenge and the server's signed state.
export const MICROSOFT_CONNECT: OAuthConnectConfig<'MICROSOFT'> = {
  flow: MICROSOFT_FLOW,
  getClientId: getMicrosoftClientId,
  start: startMicrosoftAuth,
  texts: {
    connectedTitle: MICROSOFT_LABELS.connectedTitle,
    startFailed: MICROSOFT_LABELS.startFailed,
    notConfigured: MICROSOFT_MESSAGES.notConfigured,
    authFailed: MICROSOFT_LABELS.authFailed,
  },
};

/**
 * The Microsoft sign-in popup: connects a Microsoft 365 or Outlook.com mailbox, or reconnects one whose
 * consent was revoked (the server replaces the refresh token of an address already connected).
 */
export function useMicrosoftConnect({ onConnected }: { onConnected: () => void }) {
  return useOAuthConnect(MICROSOFT_CONNECT, { onConnected });
}
