import { type Draft, type DraftMode, ZDraftResponse } from '@penman/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/request-json.ts';
import { DASHBOARD_KEY, draftsKeys } from './query-keys.ts';

const draftPath = (draftId: string, action: string) => `/drafts/${encodeURIComponent(draftId)}/${action}`;

async function answerDraft(path: string, method: 'POST' | 'PUT', json?: unknown): Promise<Draft> {
  const { draft } = await requestJson(path, ZDraftResponse, { method, json: json ?? {} });
  return draft;
}

/** Full Response: approve. Buy Time: "Send Now" (the holding reply is approved). */
export const approveDraft = (draftId: string) => answerDraft(draftPath(draftId, 'approve'), 'POST');
/** Saves the user's text; the server keeps what Penman wrote as `originalBody`. */
export const editDraft = ({ draftId, body, subject }: { draftId: string; body: string; subject?: string | undefined }) =>
  answerDraft(draftPath(draftId, 'edit'), 'POST', subject === undefined ? { body } : { body, subject });
export const rejectDraft = (draftId: string) => answerDraft(draftPath(draftId, 'reject'), 'POST');
/** Written again in the other mode; stays pending. */
export const switchDraftMode = ({ draftId, mode }: { draftId: string; mode: DraftMode }) =>
  answerDraft(draftPath(draftId, 'mode'), 'POST', { mode });
/** Which suggested files go with the reply. */
export const setDraftAttachments = ({ draftId, selectedIds }: { draftId: string; selectedIds: string[] }) =>
  answerDraft(draftPath(draftId, 'attachments'), 'PUT', { selectedIds });

type DraftPages = InfiniteData<{ drafts: Draft[]; nextCursor: string | null; total: number }, string | undefined>;

/** Puts the server's answer in every cached page that holds the draft, so the card changes at once. */
export function replaceCachedDraft(queryClient: QueryClient, updated: Draft): void {
  queryClient.setQueriesData<DraftPages>({ queryKey: draftsKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            drafts: page.drafts.map((draft) => (draft.id === updated.id ? updated : draft)),
          })),
        }
      : data,
  );
}

/**
 * One mutation per action. The answer replaces the cached draft; then the queue, the counts and the
 * sidebar badge are read again (the server's event does the same on every other tab).
 */
function useDraftMutation<Variables>(mutationFn: (variables: Variables) => Promise<Draft>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A second try of a decision the server already took answers 409: never retry an action.
    retry: false,
    onSuccess: (updated) => {
      replaceCachedDraft(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: draftsKeys.counts() });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export const useApproveDraft = () => useDraftMutation(approveDraft);
export const useEditDraft = () => useDraftMutation(editDraft);
export const useRejectDraft = () => useDraftMutation(rejectDraft);
export const useSwitchDraftMode = () => useDraftMutation(switchDraftMode);
export const useSetDraftAttachments = () => useDraftMutation(setDraftAttachments);
