import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useUpdateAccount } from '../api/update-account.ts';
import { toastFailure } from './toasts.ts';

/** Active or Suspended (is_active); a suspended account never syncs. */
export function AccountStatusSwitch({ account }: { account: Pick<EmailAccount, 'id' | 'isActive'> }) {
  const id = useId();
  const update = useUpdateAccount();
  // Shows the new position at once; falls back to the stored value if the server refuses it.
  const checked =
    update.isPending && update.variables.changes.isActive !== undefined ? update.variables.changes.isActive : account.isActive;

  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={checked}
        disabled={update.isPending}
        aria-label={ACCOUNT_LABELS.active}
        onCheckedChange={(isActive) =>
          update.mutate({ id: account.id, changes: { isActive } }, { onError: (error) => toastFailure(ACCOUNT_MESSAGES.saveFailed, error) })
        }
      />
      {/* The switch is named 'Active' and announces on/off; this text is its visible state. */}
      <Label htmlFor={id} aria-hidden="true" className={`w-20 cursor-pointer text-sm ${checked ? '' : 'text-muted-foreground'}`}>
        {checked ? ACCOUNT_LABELS.active : ACCOUNT_LABELS.suspended}
      </Label>
    </div>
  );
}
