import { ACCOUNT_LABELS } from '@penman/contract';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/**
 * For a Gmail or Microsoft account whose consent was revoked or expired: the provider's sign-in again,
 * for the same address (the server replaces the stored refresh token and clears the error). There is
 * no password to type. The popup's hook lives in the card: this button goes away as soon as the
 * server clears the error, which can be before the popup's message arrives.
 */
export function OAuthReconnectButton({ connect, busy, waitingLabel }: { connect: () => void; busy: boolean; waitingLabel: string }) {
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={connect}>
      {busy ? <Spinner /> : <KeyRound aria-hidden="true" />}
      {busy ? waitingLabel : ACCOUNT_LABELS.reconnect}
    </Button>
  );
}
