import type { EmailAccount } from '@penman/contract';

export const ALL_ACCOUNTS = 'all';

/**
 * The account the screen shows, from the `account` search parameter: one of the user's accounts,
 * or all of them; by default all of them when there are several, else the only one.
 */
export function resolveSelection(requested: string | null, accounts: readonly Pick<EmailAccount, 'id'>[]): string {
  if (requested && accounts.some((account) => account.id === requested)) return requested;
  if (accounts.length === 1) return accounts[0]!.id;
  return ALL_ACCOUNTS;
}
