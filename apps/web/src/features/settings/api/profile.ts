import type { Profile, UpdateProfileRequest } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { SESSION_QUERY_KEY } from '@/lib/auth.tsx';
import { settingsKeys } from './query-keys.ts';

export async function getProfile(): Promise<Profile> {
  return (await unwrap(api.settings.profile.$get())).profile;
}

export const profileQueryOptions = () => queryOptions({ queryKey: settingsKeys.profile(), queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export async function updateProfile(input: UpdateProfileRequest): Promise<Profile> {
  return (await unwrap(api.settings.profile.$patch({ json: input }))).profile;
}

/** The session holds the names the sidebar shows: it is read again at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(settingsKeys.profile(), profile);
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
