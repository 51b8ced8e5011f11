import type { SignInRequest } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { authClient } from '@/lib/auth-client.ts';
import { type SignInFailure, signInFailureOf } from './sign-in-error.ts';

export class SignInError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(failure: SignInFailure) {
    super(failure.message ?? '');
    this.name = 'SignInError';
    this.code = failure.code;
    this.status = failure.status;
  }
}

/** What a correct password leads to: signed in, or (two-factor sign-in on) the code step first. */
export type SignInOutcome = { needsSecondFactor: boolean };

export async function signIn(input: SignInRequest): Promise<SignInOutcome> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email: input.email, password: input.password });
  } catch (error) {
    throw new SignInError({ message: error instanceof Error ? error.message : undefined });
  }
  if (result.error) throw new SignInError(signInFailureOf(result.error));
  return { needsSecondFactor: Boolean(result.data && 'twoFactorRedirect' in result.data && result.data.twoFactorRedirect) };
}

export type SecondFactor = { kind: 'totp' | 'backup'; code: string };

/** The sign-in's second step: a code from the authenticator app, or one of the backup codes. */
export async function verifySecondFactor({ kind, code }: SecondFactor): Promise<void> {
  let result: { error: (SignInFailure & { error?: { code?: string; message?: string } }) | null };
  try {
    result = kind === 'totp' ? await authClient.twoFactor.verifyTotp({ code }) : await authClient.twoFactor.verifyBackupCode({ code });
  } catch (error) {
    throw new SignInError({ message: error instanceof Error ? error.message : undefined });
  }
  if (result.error) throw new SignInError(signInFailureOf(result.error));
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor, retry: false });
}

/** Never retried: a refused sign-in stays refused, and retries would eat the rate limit. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, retry: false });
}
