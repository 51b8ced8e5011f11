import type { StoredFile } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

/** While a document is being read, the list is read again this often (besides the server's 'files.changed' events). */
const POLL_WHILE_READING_MS = 3000;

/** The account's knowledge documents and attachments together, newest first (the merged file view). */
export async function getFiles(accountId: string): Promise<StoredFile[]> {
  const { files } = await unwrap(api.accounts[':id'].files.$get({ param: { id: accountId }, query: {} }));
  return files;
}

export const filesQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: filesKeys.list(accountId), queryFn: () => getFiles(accountId) });

const beingRead = (file: StoredFile) => file.status === 'uploaded' || file.status === 'processing';

/** One query per account, shared by both screens; polled while a document is being read, in case an event is missed. */
export function useFiles(accountId: string) {
  return useQuery({
    ...filesQueryOptions(accountId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(beingRead) ? POLL_WHILE_READING_MS : false),
  });
}
