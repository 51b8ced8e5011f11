import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-request-error.ts';
import { authClient } from '@/lib/auth-client.ts';
import { settingsKeys } from './query-keys.ts';

// Password and two-factor changes are better-auth's own endpoints, called through its client.

type AuthResult<T> = { data: T | null; error: { status?: number; message?: string; code?: string } | null };

/** better-auth's `{ data, error }` as our one error type, so the page reports every failure the same way. */
async function orThrow<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const { data, error } = await call;
  if (error || data === null) {
    throw new ApiRequestError(error?.status ?? 0, error?.status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', error?.message || '');
  }
  return data;
}

export type ChangePasswordInput = { currentPassword: string; newPassword: string; signOutOthers: boolean };

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword, signOutOthers }: ChangePasswordInput) =>
      orThrow(authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: signOutOthers })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

/** Step one of turning two-factor on: the password gives the otpauth:// URI and the ten backup codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async (password: string) => {
      const data = await orThrow(authClient.twoFactor.enable({ password }));
      if (!('totpURI' in data) || !data.totpURI || !data.backupCodes) throw new ApiRequestError(0, 'INTERNAL', '');
      return { totpURI: data.totpURI, backupCodes: data.backupCodes };
    },
  });
}

/** Step two: a code from the app proves it holds the secret; two-factor sign-in is on from then. */
export function useVerifyTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => orThrow(authClient.twoFactor.verifyTotp({ code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => orThrow(authClient.twoFactor.disable({ password })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
