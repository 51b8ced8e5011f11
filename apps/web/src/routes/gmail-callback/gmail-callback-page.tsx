import { ACCOUNT_LABELS } from '@penman/contract';
import { exchangeGmailCode } from '@/features/accounts/api/exchange-gmail-code.ts';
import { GMAIL_FLOW } from '@/features/accounts/components/gmail-auth.ts';
import { OAuthCallback } from '@/features/accounts/components/oauth-callback.tsx';

const TEXTS = {
  pageTitle: 'Gmail · Penman',
  processing: ACCOUNT_LABELS.gmailProcessing,
  connectedHere: ACCOUNT_LABELS.gmailConnectedHere,
  failedHere: ACCOUNT_LABELS.gmailFailedHere,
};

/** Where Google's consent popup returns: the code exchange, reported to the window that opened it. */
export function Component() {
  return <OAuthCallback flow={GMAIL_FLOW} exchange={exchangeGmailCode} texts={TEXTS} />;
}
