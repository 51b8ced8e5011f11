import { AUTH_MESSAGES, SETTINGS_LABELS, SETTINGS_MESSAGES, TOAST_MS, ZNewPassword } from '@penman/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useChangePassword } from '../api/auth-actions.ts';
import { newPasswordProblem } from './settings-view.ts';

const L = SETTINGS_LABELS.security;

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmation', string>>;

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [errors, setErrors] = useState<Errors>({});
  const [signOutOthers, setSignOutOthers] = useState(true);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const confirmation = String(data.get('confirmation') ?? '');
    const found: Errors = {
      currentPassword: currentPassword ? undefined : AUTH_MESSAGES.passwordRequired,
      newPassword: ZNewPassword.safeParse(newPassword).error?.issues[0]?.message,
      confirmation: newPasswordProblem(newPassword, confirmation),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await change.mutateAsync({ currentPassword, newPassword, signOutOthers });
      form.reset();
      setSignOutOthers(true);
      toast.success(signOutOthers ? SETTINGS_MESSAGES.passwordChangedOthersSignedOut : SETTINGS_MESSAGES.passwordChanged, {
        duration: TOAST_MS.default,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // better-auth's only refusal with a valid form is a wrong current password.
      if (/password/i.test(message)) setErrors({ currentPassword: SETTINGS_MESSAGES.currentPasswordWrong });
      else toast.error(SETTINGS_MESSAGES.failed(message));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-medium">
        {L.changePassword}
      </h3>
      <TextField
        id="current-password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        label={L.currentPassword}
        error={errors.currentPassword}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          label={L.newPassword}
          error={errors.newPassword}
        />
        <TextField
          id="confirm-password"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          label={L.confirmPassword}
          error={errors.confirmation}
        />
      </div>
      <label className="flex items-center gap-2 text-sm max-md:min-h-11">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.target.checked)}
        />
        {L.signOutOthers}
      </label>
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? (
            <>
              <Spinner />
              {L.updatingPassword}
            </>
          ) : (
            L.updatePassword
          )}
        </Button>
      </div>
    </form>
  );
}
