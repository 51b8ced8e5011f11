/** Every cached query of the training area sits under `['training']`, so one invalidation refreshes them all. */
export const trainingKeys = {
  all: ['training'] as const,
  accounts: () => [...trainingKeys.all, 'accounts'] as const,
  account: (accountId: string) => [...trainingKeys.all, 'account', accountId] as const,
  overview: (accountId: string) => [...trainingKeys.account(accountId), 'overview'] as const,
  sessions: (accountId: string) => [...trainingKeys.account(accountId), 'sessions'] as const,
  analysis: (accountId: string) => [...trainingKeys.account(accountId), 'analysis'] as const,
  styleProfile: (accountId: string) => [...trainingKeys.account(accountId), 'style-profile'] as const,
};
