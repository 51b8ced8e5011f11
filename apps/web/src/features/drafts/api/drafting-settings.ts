import type { DraftingSettings } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { draftsKeys } from './query-keys.ts';

const settingsOf = () => api.accounts[':id']['drafting-settings'];

/** An account's drafting settings, and whether the language-model engine is configured on the server. */
export function getDraftingSettings(accountId: string, signal?: AbortSignal) {
  return unwrap(settingsOf().$get({ param: { id: accountId } }, { init: { signal } }));
}

export const draftingSettingsQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: draftsKeys.settings(accountId), queryFn: ({ signal }) => getDraftingSettings(accountId, signal) });

export function useDraftingSettings(accountId: string | undefined) {
  return useQuery({ ...draftingSettingsQueryOptions(accountId ?? ''), enabled: accountId !== undefined, staleTime: 0 });
}

export function updateDraftingSettings({ accountId, changes }: { accountId: string; changes: Partial<DraftingSettings> }) {
  return unwrap(settingsOf().$patch({ param: { id: accountId }, json: changes }));
}

export function useUpdateDraftingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDraftingSettings,
    onSuccess: (answer, { accountId }) => {
      queryClient.setQueryData(draftsKeys.settings(accountId), answer);
    },
  });
}
