import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS } from '@penman/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from '../api/query-keys.ts';
import {
  isOAuthSuccess,
  type OAuthFlow,
  type OAuthMessage,
  type OAuthPrefix,
  oauthPopupFeatures,
  parseOAuthMessage,
} from './oauth-popup.ts';

/** One provider's consent: its popup protocol, the server calls that start it, and the toasts' texts. */
export type OAuthConnectConfig<P extends OAuthPrefix> = {
  flow: OAuthFlow<P>;
  /** The operator's client id, or null when the provider is not configured on this server. */
  getClientId: () => Promise<string | null>;
  /** The provider's consent URL as the server built it (client id, scopes, redirect, signed state). */
  start: (emailAddress: string) => Promise<{ authUrl: string }>;
  texts: { connectedTitle: string; startFailed: string; notConfigured: string; authFailed: string };
};

/**
 * An OAuth consent popup (spec part 1 sections 4 and 7, for Gmail; Microsoft the same way): opens the
 * provider's page at 500x600, listens for the callback page's message (same origin, from that popup
 * only), and ends the busy state when the user closes the popup (checked every second). If the browser
 * severed the popup from this window, the page answers on a same-origin BroadcastChannel instead, heard
 * only while an attempt started here is unanswered. `config` must be a module constant.
 */
export function useOAuthConnect<P extends OAuthPrefix>(config: OAuthConnectConfig<P>, { onConnected }: { onConnected: () => void }) {
  const queryClient = useQueryClient();
  const popupRef = useRef<Window | null>(null);
  const awaitingRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  useEffect(() => {
    const { flow, texts } = config;
    const settle = (message: OAuthMessage<P> | null) => {
      if (!message) return;
      awaitingRef.current = false;
      popupRef.current = null;
      setBusy(false);
      if (isOAuthSuccess(message)) {
        toast.success(texts.connectedTitle, { description: ACCOUNT_MESSAGES.gmailConnected(message.email) });
        void queryClient.invalidateQueries({ queryKey: accountKeys.all });
        void queryClient.invalidateQueries({ queryKey: SIDEBAR_COUNTS_PREFIX });
        onConnectedRef.current();
      } else {
        toast.error(ACCOUNT_MESSAGES.authenticationFailedTitle, { description: message.error.trim() ? message.error : texts.authFailed });
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (!popupRef.current || event.source !== popupRef.current) return;
      settle(parseOAuthMessage(flow, event.data));
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(flow.channel);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (awaitingRef.current) settle(parseOAuthMessage(flow, event.data));
      };
    }
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [queryClient, config]);

  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      // The popup keeps its reference: a message it posted just before closing is still accepted.
      if (!popupRef.current || popupRef.current.closed) setBusy(false);
    }, ACCOUNT_TIMINGS.gmailPopupClosedCheckMs);
    return () => clearInterval(timer);
  }, [busy]);

  const connect = useCallback(
    async (emailAddress: string) => {
      const { flow, texts } = config;
      // Opened inside the click so popup blockers allow it; the provider's page is loaded once the server answered.
      const popup = window.open('about:blank', flow.popupName, oauthPopupFeatures(window));
      if (!popup) {
        toast.error(ACCOUNT_MESSAGES.authenticationErrorTitle, { description: texts.startFailed });
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
        const clientId = await config.getClientId();
        if (!clientId) {
          abandon();
          toast.error(ACCOUNT_MESSAGES.configurationErrorTitle, { description: texts.notConfigured });
          return;
        }
        // The consent page as the server built it, used as is.
        const { authUrl } = await config.start(emailAddress);
        if (popup.closed) {
          abandon();
          return;
        }
        popup.location.href = authUrl;
        popup.focus();
      } catch {
        abandon();
        toast.error(ACCOUNT_MESSAGES.authenticationErrorTitle, { description: texts.startFailed });
      }
    },
    [config],
  );

  return { connect, busy };
}
