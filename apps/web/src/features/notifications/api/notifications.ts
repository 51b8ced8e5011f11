import { NOTIFICATION_CREATED_EVENT, type NotificationsResponse } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { refreshOnRealtimeEvent } from '@/lib/realtime.ts';

export const notificationsKey = ['notifications'] as const;

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsKey, queryFn: (): Promise<NotificationsResponse> => unwrap(api.notifications.$get()) });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.notifications[':id'].read.$post({ param: { id } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await unwrap(api.notifications['read-all'].$post());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** The bell follows 'notification.created' on every open tab (bursts coalesced to one read a second). */
export function registerNotificationUpdates(): () => void {
  return refreshOnRealtimeEvent(NOTIFICATION_CREATED_EVENT, notificationsKey, 1000);
}
