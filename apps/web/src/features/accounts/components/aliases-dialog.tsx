import { ALIAS_LABELS, type EmailAccount } from '@penman/contract';
import { type FormEvent, useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useUpdateAliases } from '../api/update-aliases.ts';
import { AddressListEditor } from './address-list-editor.tsx';
import { toastFailure } from './toasts.ts';
import { useAddressList } from './use-address-list.ts';

type AliasesAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'aliases'>;
type AliasesDialogProps = { account: AliasesAccount; open: boolean; onOpenChange: (open: boolean) => void };

/** Edit the account's other addresses: add, remove, Save (the server then recounts the mail). */
export function AliasesDialog({ account, open, onOpenChange }: AliasesDialogProps) {
  const update = useUpdateAliases();
  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{ALIAS_LABELS.editTitle}</DialogTitle>
          <DialogDescription>{ALIAS_LABELS.editDescription(account.emailAddress)}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts from the addresses saved then. */}
        <AliasesForm account={account} update={update} onSaved={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AliasesForm({
  account,
  update,
  onSaved,
}: {
  account: AliasesAccount;
  update: ReturnType<typeof useUpdateAliases>;
  onSaved: () => void;
}) {
  const fieldId = useId();
  const list = useAddressList(account.aliases, { exclude: [account.emailAddress] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const aliases = list.add();
    if (!aliases || update.isPending) return;
    update.mutate(
      { id: account.id, changes: { aliases } },
      {
        onSuccess: () => {
          toast.success(ALIAS_LABELS.savedTitle, { description: ALIAS_LABELS.savedBody });
          onSaved();
        },
        onError: (error) => toastFailure(ALIAS_LABELS.saveFailedTitle, error),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid min-w-0 gap-4">
      <AddressListEditor id={fieldId} label={ALIAS_LABELS.otherAddresses} list={list} disabled={update.isPending} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            {ALIAS_LABELS.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? ALIAS_LABELS.saving : ALIAS_LABELS.save}
        </Button>
      </div>
    </form>
  );
}
