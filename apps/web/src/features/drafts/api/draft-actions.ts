import type { Draft, DraftMode } from '@penman/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { DASHBOARD_KEY, draftsKeys } from './query-keys.ts';

/** The routes of one draft (`:id` filled from `param`). */
const oneDraft = api.drafts[':id'];
const param = (draftId: string) => ({ param: { id: draftId } });
/** Full Response: approve. Buy Time: "Send Now" (the holding reply is approved). */
export const approveDraft = async (draftId: string): Promise<Draft> => (await unwrap(oneDraft.approve.$post(param(draftId)))).draft;
/** Saves the user's text; the server keeps what Penman wrote as `originalBody`. */
export const editDraft = async ({
  draftId,
  body,
  subject,
}: {
  draftId: string;
  body: string;
  subject?: string | undefined;
}): Promise<Draft> =>
  (await unwrap(oneDraft.edit.$post({ ...param(draftId), json: subject === undefined ? { body } : { body, subject } }))).draft;
export const rejectDraft = async (draftId: string): Promise<Draft> => (await unwrap(oneDraft.reject.$post(param(draftId)))).draft;
/** Written again in the other mode; stays pending. */
export const switchDraftMode = async ({ draftId, mode }: { draftId: string; mode: DraftMode }): Promise<Draft> =>
  (await unwrap(oneDraft.mode.$post({ ...param(draftId), json: { mode } }))).draft;
/** Which suggested files go with the reply. */
export const setDraftAttachments = async ({ draftId, selectedIds }: { draftId: string; selectedIds: string[] }): Promise<Draft> =>
  (await unwrap(oneDraft.attachments.$put({ ...param(draftId), json: { selectedIds } }))).draft;

/** A failed delivery back to queued (the same Message-ID: a reply the server did take is not sent twice). */
export const retryDelivery = async (draftId: string): Promise<Draft> =>
  (await unwrap(oneDraft['retry-delivery'].$post(param(draftId)))).draft;

type DraftPages = InfiniteData<{ drafts: Draft[]; nextCursor: string | null; total: number }, string | undefined>;

/** Puts the server's answer in every cached page that holds the draft, and in its own query, so the card changes at once. */
export function replaceCachedDraft(queryClient: QueryClient, updated: Draft): void {
  queryClient.setQueryData(draftsKeys.detail(updated.id), updated);
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
export const useRetryDelivery = () => useDraftMutation(retryDelivery);
