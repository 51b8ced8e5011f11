import type { EmailAccount } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { analyticsKeys } from './query-keys.ts';

/** recalculate-email-stats for one account; answers the account with its new counters. */
export async function recalculateStatistics(accountId: string): Promise<EmailAccount> {
  const { account } = await unwrap(api.accounts[':id'].statistics.recalculate.$post({ param: { id: accountId } }));
  return account;
}

/** Recalculates the given accounts; `onUpdated` receives each updated account. */
export function useRecalculateStatistics({ onUpdated }: { onUpdated: (account: EmailAccount) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountIds: string[]) => Promise.all(accountIds.map(recalculateStatistics)),
    onSuccess: (accounts) => {
      for (const account of accounts) onUpdated(account);
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    },
  });
}
