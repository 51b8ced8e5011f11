import type { EmailAccount } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

/** calculate-top-senders for one account; answers the account with its new top senders. */
export async function calculateTopSenders(accountId: string): Promise<EmailAccount> {
  const { account } = await unwrap(api.accounts[':id']['top-senders'].calculate.$post({ param: { id: accountId } }));
  return account;
}

export function useCalculateTopSenders({ onUpdated }: { onUpdated: (account: EmailAccount) => void }) {
  return useMutation({ mutationFn: calculateTopSenders, onSuccess: onUpdated });
}
