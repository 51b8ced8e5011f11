import { z } from 'zod';

/** Sidebar badges: the account count, and file counts of the first email account. */
export const ZSidebarCountsResponse = z.object({
  emailAccounts: z.number().int(),
  knowledgeDocuments: z.number().int(),
  attachments: z.number().int(),
});
export type SidebarCountsResponse = z.infer<typeof ZSidebarCountsResponse>;
