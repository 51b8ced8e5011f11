import type { NotificationPrefs } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

export async function getNotificationPrefs(): Promise<NotificationPrefs> {
  return (await unwrap(api.settings.notifications.$get())).prefs;
}

export const notificationPrefsQueryOptions = () => queryOptions({ queryKey: settingsKeys.notifications(), queryFn: getNotificationPrefs });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions());
}

export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prefs: NotificationPrefs) => (await unwrap(api.settings.notifications.$put({ json: prefs }))).prefs,
    onSuccess: (prefs) => queryClient.setQueryData(settingsKeys.notifications(), prefs),
  });
}
