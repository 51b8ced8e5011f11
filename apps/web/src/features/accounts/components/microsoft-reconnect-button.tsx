import { ACCOUNT_LABELS, type EmailAccount, MICROSOFT_LABELS } from '@penman/contract';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMicrosoftConnect } from './use-microsoft-connect.ts';

/**
 * For a Microsoft account whose consent was revoked or expired: Microsoft's sign-in again, for the same
 * address (the server replaces the stored refresh token). There is no password to type.
 */
export function MicrosoftReconnectButton({ account }: { account: Pick<EmailAccount, 'emailAddress'> }) {
  // The card refreshes from the accounts query the hook invalidates; nothing else to close.
  const microsoft = useMicrosoftConnect({ onConnected: () => {} });
  return (
    <Button variant="outline" size="sm" disabled={microsoft.busy} onClick={() => void microsoft.connect(account.emailAddress)}>
      {microsoft.busy ? <Spinner /> : <KeyRound aria-hidden="true" />}
      {microsoft.busy ? MICROSOFT_LABELS.waiting : ACCOUNT_LABELS.reconnect}
    </Button>
  );
}
