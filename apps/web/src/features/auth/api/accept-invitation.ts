import type { AcceptInvitationRequest } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

export function acceptInvitation({ token, input }: { token: string; input: AcceptInvitationRequest }) {
  return unwrap(api.invitations[':token'].accept.$post({ param: { token }, json: input }));
}

/** Not retried: the first attempt may have created the account even if its answer was lost. */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation, retry: false });
}
