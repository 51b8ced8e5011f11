import { ZAccountResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { requestJson } from './request.ts';

/** Pauses initialization (the account reads failed, 'Paused by user'). */
export async function pauseInitialization(id: string) {
  const { account } = await requestJson(`/accounts/${encodeURIComponent(id)}/pause`, ZAccountResponse, { method: 'POST' });
  return account;
}

export function usePauseInitialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pauseInitialization, onSuccess: (account) => storeAccount(queryClient, account) });
}
