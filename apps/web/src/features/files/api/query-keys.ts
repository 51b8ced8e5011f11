/** Every cached query of the files area sits under `['files']`, so one invalidation refreshes them all. */
export const filesKeys = {
  all: ['files'] as const,
  accounts: () => [...filesKeys.all, 'accounts'] as const,
  account: (accountId: string) => [...filesKeys.all, 'account', accountId] as const,
  list: (accountId: string) => [...filesKeys.account(accountId), 'list'] as const,
  search: (accountId: string, question: string) => [...filesKeys.account(accountId), 'search', question] as const,
};

/** The dashboard's counts (sidebar badges, overview cards) sit under this prefix. */
export const DASHBOARD_COUNTS_KEY = ['dashboard'] as const;
