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

export async function signIn(input: SignInRequest): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email: input.email, password: input.password });
  } catch (error) {
    throw new SignInError({ message: error instanceof Error ? error.message : undefined });
  }
  if (result.error) throw new SignInError(signInFailureOf(result.error));
}

/** Never retried: a refused sign-in stays refused, and retries would eat the rate limit. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn, retry: false });
}
