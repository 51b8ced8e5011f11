import type { SessionEntry } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { parseApiError } from '@/lib/api-error.ts';
import { networkError } from '@/lib/api-request-error.ts';
import { settingsKeys } from './query-keys.ts';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sessions(),
    queryFn: async (): Promise<SessionEntry[]> => (await unwrap(api.settings.sessions.$get())).sessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** Signs one of the user's sessions out by its id (the server finds its token). */
export async function revokeSession(id: string): Promise<void> {
  let response: Response;
  try {
    response = await api.settings.sessions[':id'].$delete({ param: { id } });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw await parseApiError(response);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.settings.sessions['revoke-others'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
