import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { emailKeys } from './query-keys.ts';

const draftOf = () => api.emails[':id'].draft;

/** The email's reply draft (null when it has none) and Penman's triage of it. */
export function getEmailDraft(emailId: string, signal?: AbortSignal) {
  return unwrap(draftOf().$get({ param: { id: emailId } }, { init: { signal } }));
}

export const emailDraftQueryOptions = (emailId: string) =>
  queryOptions({ queryKey: emailKeys.draft(emailId), queryFn: ({ signal }) => getEmailDraft(emailId, signal) });

export function useEmailDraft(emailId: string) {
  return useQuery({ ...emailDraftQueryOptions(emailId), staleTime: 0 });
}

/** Drafts a reply now (or again); the queue and its counts follow through the server's draft event. */
export async function draftEmailReply(emailId: string) {
  const { draft } = await unwrap(draftOf().$post({ param: { id: emailId } }));
  return draft;
}

export function useDraftEmailReply(emailId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => draftEmailReply(emailId),
    retry: false,
    onSuccess: (draft) => {
      queryClient.setQueryData(emailKeys.draft(emailId), (before: { triage: unknown } | undefined) => ({
        triage: before?.triage ?? null,
        draft,
      }));
      void queryClient.invalidateQueries({ queryKey: emailKeys.draft(emailId) });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Reopen: the draft a teammate completed comes back to the queue as pending; the queue follows through the server's event. */
export async function reopenEmailDraft(draftId: string) {
  const { draft } = await unwrap(api.drafts[':id'].reopen.$post({ param: { id: draftId } }));
  return draft;
}

export function useReopenEmailDraft(emailId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => reopenEmailDraft(draftId),
    retry: false,
    onSuccess: (draft) => {
      queryClient.setQueryData(emailKeys.draft(emailId), (before: { triage: unknown } | undefined) => ({
        triage: before?.triage ?? null,
        draft,
      }));
      void queryClient.invalidateQueries({ queryKey: emailKeys.draft(emailId) });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
