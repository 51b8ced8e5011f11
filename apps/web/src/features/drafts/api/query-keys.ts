/** Every cached query of the drafts area sits under `['drafts']`, so one invalidation refreshes them all. */
export const draftsKeys = {
  all: ['drafts'] as const,
  lists: () => [...draftsKeys.all, 'list'] as const,
  list: (filters: DraftFilters) => [...draftsKeys.lists(), filters] as const,
  /** Approved drafts whose reply is not delivered yet, one query per decided status (not under `lists()`: no pages). */
  undelivered: (filters: DraftFilters, status: string) => [...draftsKeys.all, 'undelivered', filters, status] as const,
  detail: (draftId: string) => [...draftsKeys.all, 'detail', draftId] as const,
  counts: () => [...draftsKeys.all, 'counts'] as const,
  accounts: () => [...draftsKeys.all, 'accounts'] as const,
  settings: (accountId: string) => [...draftsKeys.all, 'settings', accountId] as const,
  memory: (accountId: string) => [...draftsKeys.all, 'memory', accountId] as const,
};

/** What the queue shows: one account or all, and only the drafts flagged for review or every pending one. */
export type DraftFilters = { accountId: string | undefined; needsReview: boolean };

/** The sidebar's badges and the overview's cards sit under this prefix (the shell and overview areas). */
export const DASHBOARD_KEY = ['dashboard'] as const;
