import { MICROSOFT_LABELS } from '@penman/contract';
import { exchangeMicrosoftCode } from '@/features/accounts/api/exchange-microsoft-code.ts';
import { MICROSOFT_FLOW } from '@/features/accounts/components/microsoft-auth.ts';
import { OAuthCallback } from '@/features/accounts/components/oauth-callback.tsx';

const TEXTS = {
  pageTitle: MICROSOFT_LABELS.pageTitle,
  processing: MICROSOFT_LABELS.processing,
  connectedHere: MICROSOFT_LABELS.connectedHere,
  failedHere: MICROSOFT_LABELS.failedHere,
};

/** Where Microsoft's sign-in popup returns: the code exchange (or Microsoft's error), reported to the window that opened it. */
export function Component() {
  return <OAuthCallback flow={MICROSOFT_FLOW} exchange={exchangeMicrosoftCode} texts={TEXTS} />;
}
