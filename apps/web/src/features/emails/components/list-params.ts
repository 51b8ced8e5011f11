import { EMAIL_SEARCH_MAX_CHARS, EMAILS_PAGE_SIZE } from '@penman/contract';
import type { EmailListParams } from '../api/query-keys.ts';

/** The list's state lives in the address (?account=…&q=…&page=…), so reload, back and links keep it. */
export const LIST_PARAM = { account: 'account', search: 'q', page: 'page' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function listParamsFrom(searchParams: URLSearchParams): EmailListParams & { page: number } {
  const account = searchParams.get(LIST_PARAM.account) ?? '';
  const search = (searchParams.get(LIST_PARAM.search) ?? '').trim().slice(0, EMAIL_SEARCH_MAX_CHARS);
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(searchParams.get(LIST_PARAM.page)) || 1)));
  return {
    accountId: UUID.test(account) ? account : undefined,
    search: search || undefined,
    offset: (page - 1) * EMAILS_PAGE_SIZE,
    page,
  };
}

/** The address after a change: a new account or search starts again at page 1. */
export function withListChange(
  searchParams: URLSearchParams,
  change: { accountId?: string | undefined; search?: string | undefined; page?: number },
): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  if ('accountId' in change) set(LIST_PARAM.account, change.accountId);
  if ('search' in change) set(LIST_PARAM.search, change.search?.trim());
  if ('page' in change) set(LIST_PARAM.page, change.page && change.page > 1 ? String(change.page) : undefined);
  else next.delete(LIST_PARAM.page);
  return next;
}
