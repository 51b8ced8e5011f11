import type { ListContactsQuery, ListContactsResponse } from '@penman/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { contactKeys } from './query-keys.ts';

/** One page of the account's contacts (most interactions first) and the exact total. */
export async function getContacts(accountId: string, query: ListContactsQuery): Promise<ListContactsResponse> {
  const { search, company, strength, limit, offset } = query;
  return unwrap(
    api.accounts[':id'].contacts.$get({
      param: { id: accountId },
      query: {
        ...(search ? { search } : {}),
        ...(company ? { company } : {}),
        ...(strength ? { strength } : {}),
        limit: String(limit),
        offset: String(offset),
      },
    }),
  );
}

export const contactsQueryOptions = (accountId: string, query: ListContactsQuery) =>
  queryOptions({ queryKey: contactKeys.list(accountId, query), queryFn: () => getContacts(accountId, query) });

/** The page on screen; the previous page stays visible while the next one loads. */
export function useContacts(accountId: string | undefined, query: ListContactsQuery) {
  return useQuery({
    ...contactsQueryOptions(accountId ?? '', query),
    enabled: accountId !== undefined,
    placeholderData: keepPreviousData,
  });
}
