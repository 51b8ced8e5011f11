/** Every cached query of the emails area sits under `['emails']`. */
export const emailKeys = {
  all: ['emails'] as const,
  list: (params: EmailListParams) => [...emailKeys.all, 'list', params] as const,
  detail: (emailId: string) => [...emailKeys.all, 'detail', emailId] as const,
  original: (emailId: string) => [...emailKeys.all, 'original', emailId] as const,
  draft: (emailId: string) => [...emailKeys.all, 'draft', emailId] as const,
  accounts: () => [...emailKeys.all, 'accounts'] as const,
};

/** What the list shows: an account (or all), a submitted search, and where the page starts. */
export type EmailListParams = { accountId: string | undefined; search: string | undefined; offset: number };
