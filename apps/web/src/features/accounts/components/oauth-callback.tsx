import { ACCOUNT_LABELS } from '@penman/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { completeOAuthCallback, isOAuthSuccess, type OAuthFlow, type OAuthMessage, type OAuthPrefix } from './oauth-popup.ts';

type Exchange = (input: { code: string; state: string; redirectUri: string }) => Promise<{ email: string }>;
type CallbackTexts = { pageTitle: string; processing: string; connectedHere: string; failedHere: string };

/**
 * Where a provider's consent popup returns (?code, ?state, or ?error and ?error_description). The server
 * exchanges the code and saves the account; this page reports the outcome to the window that opened
 * it, then closes.
 */
export function OAuthCallback<P extends OAuthPrefix>({
  flow,
  exchange,
  texts,
}: {
  flow: OAuthFlow<P>;
  exchange: Exchange;
  texts: CallbackTexts;
}) {
  const started = useRef(false);
  const [outcome, setOutcome] = useState<OAuthMessage<P> | null>(null);

  useEffect(() => {
    // The code works once: never exchange it twice (React's development double effects included).
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const query = url.searchParams;
    const params = {
      code: query.get('code'),
      state: query.get('state'),
      error: query.get('error'),
      errorDescription: query.get('error_description'),
    };
    // Keep the one-time code out of the history and of any later Referer.
    window.history.replaceState(null, '', url.pathname);
    void completeOAuthCallback(flow, params, window.location.origin, exchange).then((message) => {
      const opener = window.opener as Window | null;
      if (opener && !opener.closed) {
        opener.postMessage(message, window.location.origin);
      } else if (typeof BroadcastChannel !== 'undefined') {
        // Cut off from the opener (Cross-Origin-Opener-Policy): tell the app's other pages of this origin.
        const channel = new BroadcastChannel(flow.channel);
        channel.postMessage(message);
        channel.close();
      }
      window.close();
      // Still here: the browser kept the window open (e.g. not opened by a script).
      setOutcome(message);
    });
  }, [flow, exchange]);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <title>{texts.pageTitle}</title>
      <div className="flex max-w-sm flex-col items-center gap-3 text-center" role="status">
        {outcome === null ? (
          <>
            <Spinner className="size-8 text-primary" />
            <p className="text-sm font-medium">{texts.processing}</p>
          </>
        ) : isOAuthSuccess(outcome) ? (
          <>
            <CircleCheck className="size-8 text-emerald-600" aria-hidden="true" />
            <p className="text-sm font-medium">{texts.connectedHere}</p>
            <Link to="/dashboard/email-accounts" className="text-sm text-primary underline-offset-4 hover:underline">
              {ACCOUNT_LABELS.goToAccounts}
            </Link>
          </>
        ) : (
          <>
            <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
            <p className="text-sm font-medium">{texts.failedHere}</p>
            <p className="text-sm text-muted-foreground">{'error' in outcome ? outcome.error : null}</p>
            <Link to="/dashboard/email-accounts" className="text-sm text-primary underline-offset-4 hover:underline">
              {ACCOUNT_LABELS.goToAccounts}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
