import type { StoredFile } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { filesKeys } from './query-keys.ts';

type AutoAttachRequest = { file: Pick<StoredFile, 'id' | 'emailAccountId'>; autoAttach: boolean };

/** Whether drafting may attach this file without asking (`auto_attach`). */
export async function setAutoAttach({ file, autoAttach }: AutoAttachRequest): Promise<StoredFile> {
  const { file: updated } = await unwrap(api.attachments[':id'].$patch({ param: { id: file.id }, json: { autoAttach } }));
  return updated;
}

const replace = (files: StoredFile[] | undefined, updated: StoredFile) =>
  files?.map((candidate) => (candidate.id === updated.id && candidate.source === updated.source ? updated : candidate));

/** The switch moves at once (optimistic) and goes back if the server refuses. */
export function useSetAutoAttach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoAttach,
    onMutate: async ({ file, autoAttach }) => {
      const key = filesKeys.list(file.emailAccountId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StoredFile[]>(key);
      queryClient.setQueryData<StoredFile[]>(key, (files) =>
        files?.map((candidate) =>
          candidate.id === file.id && candidate.source === 'attachment' ? { ...candidate, autoAttach } : candidate,
        ),
      );
      return { before };
    },
    onError: (_error, { file }, context) => {
      if (context?.before) queryClient.setQueryData(filesKeys.list(file.emailAccountId), context.before);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<StoredFile[]>(filesKeys.list(updated.emailAccountId), (files) => replace(files, updated));
    },
  });
}
