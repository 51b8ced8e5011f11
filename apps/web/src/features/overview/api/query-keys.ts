/**
 * The overview's queries sit under `['dashboard']`, the prefix the accounts area invalidates when an
 * account is added or deleted, so the cards follow at once.
 */
export const overviewKeys = {
  all: ['dashboard', 'overview'] as const,
  stats: () => [...overviewKeys.all, 'stats'] as const,
  activity: () => [...overviewKeys.all, 'activity'] as const,
};
