import type { ListContactsQuery } from '@penman/contract';

/** Every cached query of the contacts area sits under `['contacts']`, so one invalidation refreshes them all. */
export const contactKeys = {
  all: ['contacts'] as const,
  firstAccount: () => [...contactKeys.all, 'first-account'] as const,
  lists: (accountId: string) => [...contactKeys.all, 'list', accountId] as const,
  list: (accountId: string, query: ListContactsQuery) => [...contactKeys.lists(accountId), query] as const,
  companies: (accountId: string) => [...contactKeys.all, 'companies', accountId] as const,
};
