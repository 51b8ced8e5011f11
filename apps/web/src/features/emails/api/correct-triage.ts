import type { EmailTriage } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { emailKeys } from './query-keys.ts';

/** The user's correction of triage on one email ("needs a reply" / "doesn't need a reply"). */
export async function correctTriage(emailId: string, needsReply: boolean): Promise<EmailTriage> {
  const { triage } = await unwrap(api.emails[':id'].triage.$post({ param: { id: emailId }, json: { needsReply } }));
  return triage;
}

/** Saves the correction; the email's panel shows it at once, the list and the queue follow. */
export function useCorrectTriage(emailId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (needsReply: boolean) => correctTriage(emailId, needsReply),
    retry: false,
    onSuccess: (triage) => {
      queryClient.setQueryData(emailKeys.draft(emailId), (before: { draft: unknown } | undefined) =>
        before ? { ...before, triage } : before,
      );
      void queryClient.invalidateQueries({ queryKey: [...emailKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: emailKeys.draft(emailId) });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
