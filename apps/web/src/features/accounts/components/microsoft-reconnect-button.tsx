import { ACCOUNT_LABELS, MICROSOFT_LABELS } from '@penman/contract';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/**
 * For a Microsoft account whose consent was revoked or expired: Microsoft's sign-in again, for the same
 * address (the server replaces the stored refresh token). There is no password to type. The popup's
 * hook lives in the card: this button goes away as soon as the server clears the error, which can be
 * before the popup's message arrives.
 */
export function MicrosoftReconnectButton({ connect, busy }: { connect: () => void; busy: boolean }) {
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={connect}>
      {busy ? <Spinner /> : <KeyRound aria-hidden="true" />}
      {busy ? MICROSOFT_LABELS.waiting : ACCOUNT_LABELS.reconnect}
    </Button>
  );
}
