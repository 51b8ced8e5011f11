import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { contactKeys } from './query-keys.ts';

/** The companies of the account's contacts, A to Z, for the company filter. */
export async function getCompanies(accountId: string): Promise<string[]> {
  const { companies } = await unwrap(api.accounts[':id'].contacts.companies.$get({ param: { id: accountId } }));
  return companies;
}

export function useCompanies(accountId: string | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: contactKeys.companies(accountId ?? ''), queryFn: () => getCompanies(accountId ?? '') }),
    enabled: accountId !== undefined,
  });
}
