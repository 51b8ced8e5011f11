import { ZAccountResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { requestJson } from './request.ts';

/** Stops initialization and the download (failed, 'Stopped by user', step cleared). */
export async function stopInitialization(id: string) {
  const { account } = await requestJson(`/accounts/${encodeURIComponent(id)}/stop`, ZAccountResponse, { method: 'POST' });
  return account;
}

export function useStopInitialization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stopInitialization, onSuccess: (account) => storeAccount(queryClient, account) });
}
