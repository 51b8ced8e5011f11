import {
  type DashboardStatsResponse,
  RECENT_ACTIVITY_LIMIT,
  type RecentActivityResponse,
  type SidebarCountsResponse,
} from '@penman/contract';
import { countDrafts } from '../drafts/service.ts';
import type { Db } from '../platform/db/client.ts';
import * as repo from './repo.ts';

type Scope = { db: Db; userId: string };

export async function getSidebarCounts({ db, userId }: Scope): Promise<SidebarCountsResponse> {
  const [emailAccounts, firstAccountId, drafts] = await Promise.all([
    repo.countEmailAccounts(db, userId),
    repo.findFirstEmailAccountId(db, userId),
    countDrafts({ db, userId }),
  ]);
  const files = firstAccountId ? await repo.countFilesOfAccount(db, userId, firstAccountId) : { knowledgeDocuments: 0, attachments: 0 };
  return { emailAccounts, ...files, draftsToReview: drafts.pending };
}

/** The overview's four stat cards and the "Drafts to review" card. */
export async function getOverviewStats({ db, userId }: Scope): Promise<DashboardStatsResponse> {
  const [counts, drafts] = await Promise.all([repo.countOverview(db, userId), countDrafts({ db, userId })]);
  return { ...counts, draftsToReview: drafts.pending, draftsNeedingReview: drafts.needsReview };
}

/** The overview's Recent Activity card. */
export async function getRecentActivity({ db, userId }: Scope): Promise<RecentActivityResponse> {
  return { events: await repo.listRecentActivity(db, userId, RECENT_ACTIVITY_LIMIT) };
}
