import type { CreateImapAccountRequest } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { storeAccount } from './get-accounts.ts';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from './query-keys.ts';

/** Adds an Exchange-type / IMAP account; the server logs in first and answers 400 with the reason if it cannot. */
export async function createImapAccount(input: CreateImapAccountRequest) {
  const { account } = await unwrap(api.accounts.$post({ json: input }));
  return account;
}

/** Not retried: a login that failed once fails again, and a lost answer may hide a saved account. */
export function useCreateImapAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImapAccount,
    retry: false,
    onSuccess: (account) => {
      storeAccount(queryClient, account);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: SIDEBAR_COUNTS_PREFIX });
    },
  });
}
