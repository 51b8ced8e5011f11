import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AcceptInvitationRequest,
  AUTH_LABELS,
  AUTH_MESSAGES,
  INVITATION_MESSAGES,
  type InvitationInfo,
  TOAST_MS,
  ZAcceptInvitationRequest,
  ZEmail,
} from '@penman/contract';
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiRequestError } from '@/lib/api-error.ts';
import { useAuth } from '@/lib/auth.tsx';
import { useAcceptInvitation } from '../api/accept-invitation.ts';

type InvitationFormProps = {
  token: string;
  invitation: InvitationInfo;
  /** Called when the server says the invitation can no longer be used (used up or expired). */
  onGone: () => void;
};

const FIELD_NAMES = ['email', 'firstName', 'lastName', 'password'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

function isFieldName(name: string): name is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

/** The invitee chooses a name and password (and an address, when the invitation names none). */
export function InvitationForm({ token, invitation, onGone }: InvitationFormProps) {
  const navigate = useNavigate();
  const { refreshSession } = useAuth();
  const accept = useAcceptInvitation();
  const inFlight = useRef(false);
  const needsEmail = invitation.email === null;

  const schema = useMemo(() => ZAcceptInvitationRequest.extend({ email: needsEmail ? ZEmail : z.string() }), [needsEmail]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', firstName: '', lastName: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const clearOnEdit = (name: FieldName) => ({ onChange: () => form.clearErrors(name) });

  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) {
      toast.error('Could not create your account', { description: AUTH_MESSAGES.tryLater });
      return;
    }
    if (error.status === 404 || error.status === 410) {
      toast.error(error.status === 410 ? INVITATION_MESSAGES.expired : INVITATION_MESSAGES.invalid);
      onGone();
      return;
    }
    if (error.status === 409) {
      if (needsEmail) form.setError('email', { message: INVITATION_MESSAGES.emailTaken }, { shouldFocus: true });
      else toast.error(INVITATION_MESSAGES.emailTaken);
      return;
    }
    const fieldErrors = Object.entries(error.fields).filter(([name]) => isFieldName(name) && (name !== 'email' || needsEmail));
    for (const [name, message] of fieldErrors) form.setError(name as FieldName, { message });
    if (fieldErrors.length === 0) toast.error('Could not create your account', { description: error.message || AUTH_MESSAGES.tryLater });
  };

  const onSubmit = form.handleSubmit(async ({ email, firstName, lastName, password }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const input: AcceptInvitationRequest = needsEmail ? { email, firstName, lastName, password } : { firstName, lastName, password };
    try {
      await accept.mutateAsync({ token, input });
      toast.success(INVITATION_MESSAGES.created, { duration: TOAST_MS.default });
      await refreshSession();
      navigate('/dashboard', { replace: true });
    } catch (error) {
      showServerError(error);
    } finally {
      inFlight.current = false;
    }
  });

  const busy = isSubmitting || accept.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      {needsEmail ? (
        <TextField
          id="invite-email"
          label={AUTH_LABELS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email', clearOnEdit('email'))}
        />
      ) : (
        <TextField
          id="invite-email"
          label={AUTH_LABELS.email}
          type="email"
          value={invitation.email ?? ''}
          readOnly
          hint="This invitation is for this address."
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="invite-first-name"
          label={AUTH_LABELS.firstName}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName', clearOnEdit('firstName'))}
        />
        <TextField
          id="invite-last-name"
          label={AUTH_LABELS.lastName}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName', clearOnEdit('lastName'))}
        />
      </div>
      <TextField
        id="invite-password"
        label={AUTH_LABELS.password}
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...form.register('password', clearOnEdit('password'))}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? (
          <>
            <Spinner />
            {AUTH_LABELS.creatingAccount}
          </>
        ) : (
          AUTH_LABELS.createAccount
        )}
      </Button>
    </form>
  );
}
