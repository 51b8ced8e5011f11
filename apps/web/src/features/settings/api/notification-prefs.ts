import type { NotificationPrefs, NotificationPrefsResponse } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

/** The toggles and the address notification emails go through (null: no account can send). */
export async function getNotificationPrefs(): Promise<NotificationPrefsResponse> {
  return unwrap(api.settings.notifications.$get());
}

export const notificationPrefsQueryOptions = () => queryOptions({ queryKey: settingsKeys.notifications(), queryFn: getNotificationPrefs });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions());
}

export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPrefs) => unwrap(api.settings.notifications.$put({ json: prefs })),
    onSuccess: (response) => queryClient.setQueryData(settingsKeys.notifications(), response),
  });
}
