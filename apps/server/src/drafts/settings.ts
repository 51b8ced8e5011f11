import { BUY_TIME_HOURS_DEFAULT, type DraftingSettings } from '@penman/contract';
import type { Db } from '../platform/db/client.ts';
import * as repo from './repo.ts';

/** An account's drafting settings before the user changed any. */
export const DEFAULT_DRAFTING_SETTINGS: DraftingSettings = {
  enabled: true,
  defaultMode: 'full',
  buyTimeHours: BUY_TIME_HOURS_DEFAULT,
  reviewWords: [],
  reviewSenders: [],
  ignoredSenders: [],
  engine: 'builtin',
};

/** The account's settings (the defaults when it has no row). `accountId` must be checked against `userId`. */
export async function draftingSettingsOf({
  db,
  userId,
  accountId,
}: {
  db: Db;
  userId: string;
  accountId: string;
}): Promise<DraftingSettings> {
  const row = await repo.findDraftingSettings(db, userId, accountId);
  if (!row) return DEFAULT_DRAFTING_SETTINGS;
  return {
    enabled: row.enabled,
    defaultMode: row.defaultMode,
    buyTimeHours: row.buyTimeHours,
    reviewWords: row.reviewWords,
    reviewSenders: row.reviewSenders,
    ignoredSenders: row.ignoredSenders,
    engine: row.engine,
  };
}
