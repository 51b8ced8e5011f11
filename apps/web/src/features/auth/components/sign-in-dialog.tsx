import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_LABELS, AUTH_MESSAGES, type SignInRequest, TOAST_MS, TWO_FACTOR_SIGN_IN_LABELS, ZSignInRequest } from '@penman/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { OPEN_SIGN_UP_EVENT } from '@/lib/events.ts';
import { useSignIn } from '../api/sign-in.ts';
import { signInErrorDescription } from '../api/sign-in-error.ts';
import { useOpenSignUp } from '../hooks/use-open-sign-up.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

type SignInDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function SignInDialog({ open, onOpenChange }: SignInDialogProps) {
  const openSignUp = useOpenSignUp();
  // After a correct password, users with two-factor sign-in get a second step in the same dialog.
  const [step, setStep] = useState<'password' | 'second-factor'>('password');
  const completeSignIn = useCompleteSignIn(() => onOpenChange(false));

  useEffect(() => {
    if (!open) setStep('password');
  }, [open]);

  // The sign-up dialog takes over when anyone asks for it (spec: the openSignUp window event).
  useEffect(() => {
    if (!open) return;
    const close = () => onOpenChange(false);
    window.addEventListener(OPEN_SIGN_UP_EVENT, close);
    return () => window.removeEventListener(OPEN_SIGN_UP_EVENT, close);
  }, [open, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {step === 'password' ? (
          <>
            <DialogHeader>
              <DialogTitle>Sign in to Penman</DialogTitle>
              <DialogDescription>Welcome back. Enter your email and password to continue.</DialogDescription>
            </DialogHeader>
            <SignInForm onSignedIn={completeSignIn} onNeedsSecondFactor={() => setStep('second-factor')} />
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{TWO_FACTOR_SIGN_IN_LABELS.title}</DialogTitle>
              <DialogDescription>{AUTH_LABELS.secondStepHint}</DialogDescription>
            </DialogHeader>
            <SecondFactorForm
              onSignedIn={completeSignIn}
              onRestart={(message) => {
                toast.error(AUTH_MESSAGES.signInFailedTitle, { description: message });
                setStep('password');
              }}
            />
          </>
        )}
        <p className="text-center text-sm text-muted-foreground">
          No account yet?{' '}
          <Button
            variant="link"
            className="text-sm"
            onClick={() => {
              onOpenChange(false);
              openSignUp();
            }}
          >
            {AUTH_LABELS.signUpHere}
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

/** Once the session exists: read it, greet (spec), close the dialog and go to the dashboard. */
function useCompleteSignIn(close: () => void) {
  const navigate = useNavigate();
  const { refreshSession } = useAuth();
  return async () => {
    await refreshSession();
    toast.success(AUTH_MESSAGES.signInSuccessTitle, { description: AUTH_MESSAGES.signInSuccessBody, duration: TOAST_MS.default });
    close();
    navigate('/dashboard');
  };
}

function SignInForm({ onSignedIn, onNeedsSecondFactor }: { onSignedIn: () => Promise<void>; onNeedsSecondFactor: () => void }) {
  const signIn = useSignIn();
  const inFlight = useRef(false);
  // The last "Sign in failed" toast: a new attempt dismisses it, so it never stays beside "Welcome back!".
  const failedToast = useRef<string | number | null>(null);
  const form = useForm<SignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    defaultValues: { email: '', password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    if (failedToast.current !== null) toast.dismiss(failedToast.current);
    failedToast.current = null;
    try {
      const outcome = await signIn.mutateAsync(values);
      if (outcome.needsSecondFactor) onNeedsSecondFactor();
      else await onSignedIn();
    } catch (error) {
      const failure = error instanceof Error ? (error as Error & { code?: string; status?: number }) : {};
      failedToast.current = toast.error(AUTH_MESSAGES.signInFailedTitle, { description: signInErrorDescription(failure) });
    } finally {
      inFlight.current = false;
    }
  });

  const busy = isSubmitting || signIn.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <TextField
        id="sign-in-email"
        label={AUTH_LABELS.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...form.register('email', { onChange: () => form.clearErrors('email') })}
      />
      <TextField
        id="sign-in-password"
        label={AUTH_LABELS.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password', { onChange: () => form.clearErrors('password') })}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
        {busy ? (
          <>
            <Spinner />
            {AUTH_LABELS.signingIn}
          </>
        ) : (
          AUTH_LABELS.signIn
        )}
      </Button>
    </form>
  );
}
