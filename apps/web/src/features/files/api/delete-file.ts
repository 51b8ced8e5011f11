import type { StoredFile } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';
import { DASHBOARD_COUNTS_KEY, filesKeys } from './query-keys.ts';

type FileRef = Pick<StoredFile, 'id' | 'source' | 'emailAccountId'>;

/** Deletes a knowledge document (with its passages) or an attachment, and its stored file. Answers 204. */
export async function deleteFile(file: FileRef): Promise<void> {
  const param = { id: file.id };
  // Not `unwrap`: a 204 has no JSON body to read.
  const call =
    file.source === 'knowledge' ? api['knowledge-documents'][':id'].$delete({ param }) : api.attachments[':id'].$delete({ param });
  const response = await call.catch((error: unknown) => {
    throw networkError(error);
  });
  if (!response.ok) throw await parseApiError(response);
}

/** The file leaves the cached list at once; the list and the dashboard's counts are read again. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_none, file) => {
      queryClient.setQueryData<StoredFile[]>(filesKeys.list(file.emailAccountId), (files) =>
        files?.filter((candidate) => !(candidate.id === file.id && candidate.source === file.source)),
      );
      void queryClient.invalidateQueries({ queryKey: filesKeys.account(file.emailAccountId) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_COUNTS_KEY });
    },
  });
}
