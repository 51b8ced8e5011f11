import { z } from 'zod';

/** Sidebar badges: the account count, file counts of the first email account, and drafts awaiting review (all accounts). */
export const ZSidebarCountsResponse = z.object({
  emailAccounts: z.number().int(),
  draftsToReview: z.number().int(),
  knowledgeDocuments: z.number().int(),
  attachments: z.number().int(),
});
export type SidebarCountsResponse = z.infer<typeof ZSidebarCountsResponse>;
