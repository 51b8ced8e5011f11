import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { failureMessage } from './toasts.ts';

const PHRASE = ACCOUNT_MESSAGES.deleteConfirmation;

/** The Delete button and its typed confirmation: enabled only when the input reads 'DELETE EMAIL ACCOUNT' exactly. */
export function DeleteAccountDialog({ account }: { account: Pick<EmailAccount, 'id' | 'emailAddress'> }) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const confirmed = typed === PHRASE;

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) setTyped('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || remove.isPending) return;
    remove.mutate(account.id, {
      onSuccess: () => {
        toast.success(ACCOUNT_MESSAGES.deletedTitle);
        setOpen(false);
      },
      onError: (error) =>
        toast.error(ACCOUNT_MESSAGES.deleteFailed, { description: failureMessage(error) ?? ACCOUNT_MESSAGES.pleaseTryAgain }),
    });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        onClick={() => onOpenChange(true)}
      >
        <Trash2 aria-hidden="true" />
        {ACCOUNT_LABELS.delete}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>{ACCOUNT_LABELS.deleteTitle}</DialogTitle>
            <DialogDescription>{ACCOUNT_LABELS.deleteBody(account.emailAddress)}</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <TextField
              id={inputId}
              label={ACCOUNT_LABELS.deleteTypePrompt(PHRASE)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={PHRASE}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline" disabled={remove.isPending}>
                  {ACCOUNT_LABELS.cancel}
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={!confirmed || remove.isPending}>
                {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
                {remove.isPending ? ACCOUNT_LABELS.deleting : ACCOUNT_LABELS.deleteAccount}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
