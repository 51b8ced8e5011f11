import { TWO_FACTOR_SIGN_IN_LABELS as L, SETTINGS_MESSAGES } from '@penman/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { type SignInError, useVerifySecondFactor } from '../api/sign-in.ts';
import { secondFactorFailure } from '../api/sign-in-error.ts';

/**
 * The sign-in's second step for users with two-factor sign-in: the authenticator's code, or one of
 * the backup codes. `onRestart` goes back to the password when the challenge has expired.
 */
export function SecondFactorForm({ onSignedIn, onRestart }: { onSignedIn: () => Promise<void>; onRestart: (message: string) => void }) {
  const verify = useVerifySecondFactor();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const raw = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const code = kind === 'totp' ? raw.replace(/[\s-]/g, '') : raw;
    if (!code) return setError(SETTINGS_MESSAGES.codeRequired);
    inFlight.current = true;
    try {
      await verify.mutateAsync({ kind, code });
      await onSignedIn();
    } catch (caught) {
      const failure = secondFactorFailure(caught as SignInError);
      if (failure.restart) onRestart(failure.message);
      else setError(failure.message);
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-busy={verify.isPending}>
      <p className="text-sm text-muted-foreground">{kind === 'totp' ? L.description : L.backupDescription}</p>
      <TextField
        key={kind}
        id="sign-in-code"
        name="code"
        label={kind === 'totp' ? L.code : L.backupCode}
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoFocus
        error={error}
        onChange={() => setError(undefined)}
      />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? (
          <>
            <Spinner />
            {L.verifying}
          </>
        ) : (
          L.verify
        )}
      </Button>
      <Button
        type="button"
        variant="link"
        className="justify-self-center text-sm"
        onClick={() => {
          setError(undefined);
          setKind(kind === 'totp' ? 'backup' : 'totp');
        }}
      >
        {kind === 'totp' ? L.useBackupCode : L.useAuthenticator}
      </Button>
    </form>
  );
}
