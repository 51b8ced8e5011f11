import {
  type DashboardStatsResponse,
  RECENT_ACTIVITY_LIMIT,
  type RecentActivityResponse,
  type SidebarCountsResponse,
} from '@penman/contract';
import type { Db } from '../platform/db/client.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };

export async function getSidebarCounts({ db, userId }: Scope): Promise<SidebarCountsResponse> {
  const [emailAccounts, firstAccountId] = await Promise.all([
    repo.countEmailAccounts(db, userId),
    repo.findFirstEmailAccountId(db, userId),
  ]);
  const files = firstAccountId ? await repo.countFilesOfAccount(db, userId, firstAccountId) : { knowledgeDocuments: 0, attachments: 0 };
  return { emailAccounts, ...files };
}

/** The overview's four stat cards. */
export async function getOverviewStats({ db, userId }: Scope): Promise<DashboardStatsResponse> {
  return repo.countOverview(db, userId);
}

/** The overview's Recent Activity card. */
export async function getRecentActivity({ db, userId }: Scope): Promise<RecentActivityResponse> {
  return { events: await repo.listRecentActivity(db, userId, RECENT_ACTIVITY_LIMIT) };
}
