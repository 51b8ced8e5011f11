import type { ChartGranularity } from '@penman/contract';

/** Every cached query of the analytics area sits under `['analytics']`. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  charts: (accountId: string | null, granularity: ChartGranularity) =>
    [...analyticsKeys.all, 'charts', accountId ?? 'all', granularity] as const,
};
