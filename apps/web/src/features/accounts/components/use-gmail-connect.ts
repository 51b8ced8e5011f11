import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS } from '@penman/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { getGmailClientId } from '../api/get-gmail-client-id.ts';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from '../api/query-keys.ts';
import { startGmailAuth } from '../api/start-gmail-auth.ts';
import {
  GMAIL_AUTH_CHANNEL,
  type GmailAuthMessage,
  gmailErrorDescription,
  gmailPopupFeatures,
  parseGmailAuthMessage,
} from './gmail-auth.ts';

const POPUP_NAME = 'penman-gmail-auth';

/**
 * The Gmail consent popup (spec part 1 sections 4 and 7): opens Google's consent page at 500x600,
 * listens for the /gmail-callback page's message (same origin, from that popup only), and ends the
 * busy state when the user closes the popup (checked every second). If the browser severed the popup
 * from this window, the page answers on a same-origin BroadcastChannel instead, heard only while an
 * attempt started here is unanswered.
 */
export function useGmailConnect({ onConnected }: { onConnected: () => void }) {
  const queryClient = useQueryClient();
  const popupRef = useRef<Window | null>(null);
  const awaitingRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  useEffect(() => {
    const settle = (message: GmailAuthMessage | null) => {
      if (!message) return;
      awaitingRef.current = false;
      popupRef.current = null;
      setBusy(false);
      if (message.type === 'GMAIL_AUTH_SUCCESS') {
        toast.success(ACCOUNT_MESSAGES.gmailConnectedTitle, { description: ACCOUNT_MESSAGES.gmailConnected(message.email) });
        void queryClient.invalidateQueries({ queryKey: accountKeys.all });
        void queryClient.invalidateQueries({ queryKey: SIDEBAR_COUNTS_PREFIX });
        onConnectedRef.current();
      } else {
        toast.error(ACCOUNT_MESSAGES.authenticationFailedTitle, { description: gmailErrorDescription(message.error) });
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!popupRef.current || event.source !== popupRef.current) return;
      settle(parseGmailAuthMessage(event.data));
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(GMAIL_AUTH_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (awaitingRef.current) settle(parseGmailAuthMessage(event.data));
      };
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [queryClient]);

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      // The popup keeps its reference: a message it posted just before closing is still accepted.
      if (!popupRef.current || popupRef.current.closed) setBusy(false);
    }, ACCOUNT_TIMINGS.gmailPopupClosedCheckMs);
    return () => clearInterval(timer);
  }, [busy]);

  const connect = useCallback(async (emailAddress: string) => {
    // Opened inside the click so popup blockers allow it; Google's page is loaded once the server answered.
    const popup = window.open('about:blank', POPUP_NAME, gmailPopupFeatures(window));
    if (!popup) {
      toast.error(ACCOUNT_MESSAGES.authenticationErrorTitle, { description: ACCOUNT_MESSAGES.gmailStartFailed });
      return;
    }
    popupRef.current = popup;
    awaitingRef.current = true;
    setBusy(true);
    const abandon = () => {
      popup.close();
      popupRef.current = null;
      awaitingRef.current = false;
      setBusy(false);
    };
    try {
      const clientId = await getGmailClientId();
      if (!clientId) {
        abandon();
        toast.error(ACCOUNT_MESSAGES.configurationErrorTitle, { description: ACCOUNT_MESSAGES.noClientId });
        return;
      }
      // Google's consent page as the server built it: its client id, read-only scope, offline access,
      // forced consent, the redirect to /gmail-callback and the server's state, used as is.
      const { authUrl } = await startGmailAuth(emailAddress);
      if (popup.closed) {
        abandon();
        return;
      }
      popup.location.href = authUrl;
      popup.focus();
    } catch {
      abandon();
      toast.error(ACCOUNT_MESSAGES.authenticationErrorTitle, { description: ACCOUNT_MESSAGES.gmailStartFailed });
    }
  }, []);

  return { connect, busy };
}
