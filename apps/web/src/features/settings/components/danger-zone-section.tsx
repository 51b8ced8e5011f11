import { SETTINGS_LABELS, SETTINGS_MESSAGES } from '@penman/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiRequestError } from '@/lib/api-error.ts';
import { useAuth } from '@/lib/auth.tsx';
import { useAccountInfo } from '../api/account-info.ts';
import { useDeleteMyAccount } from '../api/your-data.ts';
import { SettingsSection } from './settings-section.tsx';
import { deleteConfirmationMatches, normalizeTotpCode } from './settings-view.ts';

const L = SETTINGS_LABELS.dangerZone;

/** The dialog's form: the spec's typed text, the password, and the code when two-factor is on. */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const twoFactorEnabled = useAccountInfo().data?.twoFactorEnabled === true;
  const deletion = useDeleteMyAccount();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const code = normalizeTotpCode(String(form.get('code') ?? ''));
    if (!password) return setErrors({ password: SETTINGS_MESSAGES.passwordRequired });
    if (twoFactorEnabled && !code) return setErrors({ code: SETTINGS_MESSAGES.twoFactorCodeRequired });
    setErrors({});
    try {
      await deletion.mutateAsync({ confirmation: 'DELETE MY ACCOUNT', password, ...(twoFactorEnabled ? { code } : {}) });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {};
      if (Object.keys(fields).length > 0) setErrors({ ...fields });
      else toast.error(SETTINGS_MESSAGES.deleteAccountFailed);
      return;
    }
    // The server signed every session out; this clears what the page still holds.
    await signOut().catch(() => {});
    navigate('/', { replace: true });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        id="delete-confirmation"
        name="confirmation"
        label={L.confirmPrompt}
        autoComplete="off"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={errors.confirmation}
      />
      <TextField
        id="delete-password"
        name="password"
        type="password"
        label={L.passwordLabel}
        autoComplete="current-password"
        error={errors.password}
      />
      {twoFactorEnabled ? (
        <TextField id="delete-code" name="code" label={L.codeLabel} inputMode="numeric" autoComplete="one-time-code" error={errors.code} />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {L.cancel}
        </Button>
        <Button type="submit" variant="destructive" disabled={!deleteConfirmationMatches(confirmation) || deletion.isPending}>
          {deletion.isPending ? L.deleting : L.deleteAccount}
        </Button>
      </div>
    </form>
  );
}

export function DangerZoneSection() {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="danger-zone" title={SETTINGS_LABELS.sections.dangerZone} description={L.description} danger>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="destructive">{L.deleteAccount}</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{L.confirmTitle}</DialogTitle>
            <DialogDescription>{L.description}</DialogDescription>
          </DialogHeader>
          {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}
