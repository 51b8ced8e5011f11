import type { EmailAccount } from '@penman/contract';

export type AccountIdentity = Pick<EmailAccount, 'id' | 'emailAddress' | 'createdAt'>;

/** The user's first email account: the oldest one (the server lists newest first), or null without any. */
export function firstAccount(accounts: readonly AccountIdentity[]): AccountIdentity | null {
  let first: AccountIdentity | null = null;
  for (const account of accounts) {
    if (!first || Date.parse(account.createdAt) <= Date.parse(first.createdAt)) first = account;
  }
  return first;
}
