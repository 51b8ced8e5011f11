import { z } from 'zod';

/** The overview's four stat cards: the user's exact counts over all accounts. */
export const ZDashboardStatsResponse = z.object({
  emailAccounts: z.number().int(),
  emailsProcessed: z.number().int(),
  knowledgeDocuments: z.number().int(),
  attachments: z.number().int(),
  /** The "Drafts to review" card: pending drafts of every account, and how many of them need review. */
  draftsToReview: z.number().int(),
  draftsNeedingReview: z.number().int(),
});
export type DashboardStatsResponse = z.infer<typeof ZDashboardStatsResponse>;

/** How many events the Recent Activity card shows. */
export const RECENT_ACTIVITY_LIMIT = 8;

/**
 * One Recent Activity event. Kinds worded by `activityText`: account.connected,
 * account.initialization_started, account.initialized, sync.finished, file.uploaded (detail.fileName);
 * any other kind is shown by its name.
 */
export const ZActivityEvent = z.object({
  id: z.string(),
  kind: z.string(),
  /** The account the event is about, when it is about one. */
  emailAddress: z.string().nullable(),
  /** The uploaded file's name, for uploads. */
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEvent = z.infer<typeof ZActivityEvent>;

export const ZRecentActivityResponse = z.object({ events: z.array(ZActivityEvent) });
export type RecentActivityResponse = z.infer<typeof ZRecentActivityResponse>;
