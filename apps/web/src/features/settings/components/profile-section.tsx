import { zodResolver } from '@hookform/resolvers/zod';
import { SETTINGS_LABELS, SETTINGS_MESSAGES, TOAST_MS, type UpdateProfileRequest, ZUpdateProfileRequest } from '@penman/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiRequestError } from '@/lib/api-request-error.ts';
import { useProfile, useUpdateProfile } from '../api/profile.ts';
import { SettingsSection } from './settings-section.tsx';
import { signInEmailChanges } from './settings-view.ts';

const L = SETTINGS_LABELS.profile;

export function ProfileSection() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequest),
    // The spec: the email is validated live, as the user types.
    mode: 'onChange',
    defaultValues: { firstName: '', lastName: '', email: '', currentPassword: '' },
  });
  const { errors, isDirty } = form.formState;
  const loaded = profile.data;

  useEffect(() => {
    if (loaded)
      form.reset({ firstName: loaded.firstName ?? '', lastName: loaded.lastName ?? '', email: loaded.email, currentPassword: '' });
  }, [loaded, form]);

  useEffect(() => {
    if (profile.isError) toast.error(SETTINGS_MESSAGES.loadProfileFailed);
  }, [profile.isError]);

  const emailChanges = signInEmailChanges(loaded, form.watch('email'));

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const input = { ...values, currentPassword: emailChanges ? values.currentPassword : undefined };
      const saved = await update.mutateAsync(input);
      form.reset({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '', email: saved.email, currentPassword: '' });
      toast.success(SETTINGS_MESSAGES.profileSaved, { duration: TOAST_MS.default });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {};
      for (const [name, message] of Object.entries(fields)) {
        if (name in values || name === 'currentPassword') form.setError(name as keyof UpdateProfileRequest, { message });
      }
      toast.error(SETTINGS_MESSAGES.updateProfileFailed(error instanceof Error ? error.message : undefined));
    }
  });

  return (
    <SettingsSection id="profile" title={SETTINGS_LABELS.sections.profile} description={L.description}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={update.isPending}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-first-name"
            label={L.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            id="profile-last-name"
            label={L.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <TextField
          id="profile-email"
          label={L.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        {emailChanges ? (
          <TextField
            id="profile-current-password"
            label={L.currentPassword}
            type="password"
            autoComplete="current-password"
            hint={L.currentPasswordHint}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        ) : null}
        <div>
          <Button type="submit" disabled={!loaded || !isDirty || update.isPending}>
            {update.isPending ? (
              <>
                <Spinner />
                {L.saving}
              </>
            ) : (
              L.save
            )}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
