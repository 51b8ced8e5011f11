import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useUpdateCredentials } from '../api/update-credentials.ts';
import { failureMessage } from './toasts.ts';

/** For an IMAP account whose server refused the saved password: enter it again (checked by logging in). */
export function ReconnectDialog({ account }: { account: Pick<EmailAccount, 'id' | 'emailAddress' | 'username'> }) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reconnect = useUpdateCredentials();

  const onOpenChange = (next: boolean) => {
    if (reconnect.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reconnect.isPending) return;
    if (!password) {
      setError(ACCOUNT_MESSAGES.fillAllFields);
      return;
    }
    reconnect.mutate(
      { id: account.id, credentials: { password } },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_MESSAGES.otherConnectedTitle);
          onOpenChange(false);
        },
        onError: (failure) =>
          toast.error(ACCOUNT_MESSAGES.connectionFailedTitle, {
            description: failureMessage(failure) ?? ACCOUNT_MESSAGES.otherConnectFailed,
          }),
      },
    );
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onOpenChange(true)}>
        <KeyRound aria-hidden="true" />
        {ACCOUNT_LABELS.reconnect}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{ACCOUNT_LABELS.reconnectTitle}</DialogTitle>
            <DialogDescription>{ACCOUNT_LABELS.reconnectBody(account.emailAddress)}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <TextField
              id={inputId}
              label={ACCOUNT_LABELS.password}
              type="password"
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={reconnect.isPending}>
                  {ACCOUNT_LABELS.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={reconnect.isPending}>
                {reconnect.isPending ? <Spinner /> : null}
                {reconnect.isPending ? ACCOUNT_LABELS.connecting : ACCOUNT_LABELS.reconnect}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
