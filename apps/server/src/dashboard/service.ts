import type { SidebarCountsResponse } from '@penman/contract';
import type { Db } from '../platform/db/client.ts';
import * as repo from './repo.ts';

export async function getSidebarCounts({ db, userId }: { db: Db; userId: string }): Promise<SidebarCountsResponse> {
  const [emailAccounts, firstAccountId] = await Promise.all([
    repo.countEmailAccounts(db, userId),
    repo.findFirstEmailAccountId(db, userId),
  ]);
  const files = firstAccountId ? await repo.countFilesOfAccount(db, userId, firstAccountId) : { knowledgeDocuments: 0, attachments: 0 };
  return { emailAccounts, ...files };
}
