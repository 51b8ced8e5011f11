import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

/** prune-outgoing-emails: deletes the sent mail that says nothing about the user's voice; answers the message and the count. */
export function pruneOutgoing(accountId: string) {
  return unwrap(api.accounts[':id'].training.prune.$post({ param: { id: accountId } }));
}

/** The screen reloads after a prune (spec), so no cache needs updating. */
export function usePruneOutgoing() {
  return useMutation({ mutationFn: pruneOutgoing, retry: false });
}
