import type { MailServerLookupResponse } from '@penman/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

/** The servers to suggest for an address: its provider's preset, else its domain's DNS (SRV, MX). */
export function lookupMailServer(email: string): Promise<MailServerLookupResponse> {
  return unwrap(api.accounts['mail-server-lookup'].$get({ query: { email } }));
}

/** One lookup per address for the session: a domain's mail servers do not change while the dialog is open. */
export const mailServerLookupQueryOptions = (email: string) =>
  queryOptions({
    queryKey: accountKeys.mailServerLookup(email),
    queryFn: () => lookupMailServer(email),
    staleTime: Infinity,
    retry: false,
  });
