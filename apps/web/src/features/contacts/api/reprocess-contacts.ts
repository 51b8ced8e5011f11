import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { contactKeys } from './query-keys.ts';

/** Rebuilds the account's contact book from its mail; the server answers when done. */
export async function reprocessContacts(accountId: string): Promise<number> {
  const { contactsCount } = await unwrap(api.accounts[':id'].contacts.reprocess.$post({ param: { id: accountId } }));
  return contactsCount;
}

/** Every contacts query is stale after a rebuild. */
export function useReprocessContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessContacts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
