import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';
import { draftsKeys } from './query-keys.ts';

const memoryOf = () => api.accounts[':id']['drafting-memory'];

/** What Penman has learnt for an account from the user's edits, own replies and rejections. */
export function getDraftingMemory(accountId: string, signal?: AbortSignal) {
  return unwrap(memoryOf().$get({ param: { id: accountId } }, { init: { signal } }));
}

export const draftingMemoryQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: draftsKeys.memory(accountId), queryFn: ({ signal }) => getDraftingMemory(accountId, signal) });

export function useDraftingMemory(accountId: string | undefined) {
  return useQuery({ ...draftingMemoryQueryOptions(accountId ?? ''), enabled: accountId !== undefined, staleTime: 0 });
}

/** Penman forgets one item (204): it is no longer applied, nor learnt again. */
export async function forgetDraftingMemoryItem({ accountId, itemId }: { accountId: string; itemId: string }): Promise<void> {
  // Not `unwrap`: a 204 has no JSON body to read.
  const response = await memoryOf()
    [':itemId'].$delete({ param: { id: accountId, itemId } })
    .catch((error: unknown) => {
      throw networkError(error);
    });
  if (!response.ok) throw await parseApiError(response);
}

export function useForgetDraftingMemoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetDraftingMemoryItem,
    onSuccess: (_answer, { accountId, itemId }) => {
      queryClient.setQueryData(draftsKeys.memory(accountId), (before: Awaited<ReturnType<typeof getDraftingMemory>> | undefined) =>
        before ? { items: before.items.filter((item) => item.id !== itemId) } : before,
      );
    },
  });
}
