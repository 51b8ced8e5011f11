import type { InvitationInfo } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

export function getInvitation(token: string): Promise<InvitationInfo> {
  return unwrap(api.invitations[':token'].$get({ param: { token } }));
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: () => getInvitation(token),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
