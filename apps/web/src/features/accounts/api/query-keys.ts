/** Every cached query of the accounts area sits under `['accounts']`, so one invalidation refreshes them all. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  downloadProgress: (accountId: string) => [...accountKeys.all, 'download-progress', accountId] as const,
  delivery: (accountId: string) => [...accountKeys.all, 'delivery', accountId] as const,
  gmailClientId: () => [...accountKeys.all, 'gmail-client-id'] as const,
  microsoftClientId: () => [...accountKeys.all, 'microsoft-client-id'] as const,
  mailServerLookup: (email: string) => [...accountKeys.all, 'mail-server-lookup', email] as const,
};

/** The sidebar's account-count badge (shell feature) reads this query; adding or deleting an account makes it stale. */
export const SIDEBAR_COUNTS_PREFIX = ['dashboard'] as const;
