import { ACCOUNT_LABELS } from '@penman/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { exchangeGmailCode } from '@/features/accounts/api/exchange-gmail-code.ts';
import { completeGmailCallback, GMAIL_AUTH_CHANNEL, type GmailAuthMessage } from '@/features/accounts/components/gmail-auth.ts';

/**
 * Where Google's consent popup returns (?code, ?state, ?error). The server exchanges the code and
 * saves the account; this page reports the outcome to the window that opened it, then closes.
 */
export function Component() {
  const started = useRef(false);
  const [outcome, setOutcome] = useState<GmailAuthMessage | null>(null);

  useEffect(() => {
    // The code works once: never exchange it twice (React's development double effects included).
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const params = { code: url.searchParams.get('code'), state: url.searchParams.get('state'), error: url.searchParams.get('error') };
    // Keep the one-time code out of the history and of any later Referer.
    window.history.replaceState(null, '', url.pathname);
    void completeGmailCallback(params, window.location.origin, exchangeGmailCode).then((message) => {
      const opener = window.opener as Window | null;
      if (opener && !opener.closed) {
        opener.postMessage(message, window.location.origin);
      } else if (typeof BroadcastChannel !== 'undefined') {
        // Cut off from the opener (Cross-Origin-Opener-Policy): tell the app's other pages of this origin.
        const channel = new BroadcastChannel(GMAIL_AUTH_CHANNEL);
        channel.postMessage(message);
        channel.close();
      }
      window.close();
      // Still here: the browser kept the window open (e.g. not opened by a script).
      setOutcome(message);
    });
  }, []);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <title>Gmail · Penman</title>
      <div className="flex max-w-sm flex-col items-center gap-3 text-center" role="status">
        {outcome === null ? (
          <>
            <Spinner className="size-8 text-primary" />
            <p className="text-sm font-medium">{ACCOUNT_LABELS.gmailProcessing}</p>
          </>
        ) : outcome.type === 'GMAIL_AUTH_SUCCESS' ? (
          <>
            <CircleCheck className="size-8 text-emerald-600" aria-hidden="true" />
            <p className="text-sm font-medium">{ACCOUNT_LABELS.gmailConnectedHere}</p>
            <Link to="/dashboard/email-accounts" className="text-sm text-primary underline-offset-4 hover:underline">
              {ACCOUNT_LABELS.goToAccounts}
            </Link>
          </>
        ) : (
          <>
            <CircleAlert className="size-8 text-destructive" aria-hidden="true" />
            <p className="text-sm font-medium">{ACCOUNT_LABELS.gmailFailedHere}</p>
            <p className="text-sm text-muted-foreground">{outcome.error}</p>
            <Link to="/dashboard/email-accounts" className="text-sm text-primary underline-offset-4 hover:underline">
              {ACCOUNT_LABELS.goToAccounts}
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
