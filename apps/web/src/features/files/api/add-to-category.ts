import type { FileCategory, StoredFile } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { DASHBOARD_COUNTS_KEY, filesKeys } from './query-keys.ts';

type AddRequest = { file: Pick<StoredFile, 'id' | 'source' | 'emailAccountId'>; category: FileCategory };

/**
 * Adds a file to the other category (spec: "add to category"). `created` false: it was already
 * there, and `message` is the spec's informational 'File already exists as ...'.
 */
export function addToCategory({ file, category }: AddRequest) {
  const request = { param: { id: file.id }, json: { category } };
  return unwrap(
    file.source === 'knowledge'
      ? api['knowledge-documents'][':id'].categories.$post(request)
      : api.attachments[':id'].categories.$post(request),
  );
}

export function useAddToCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCategory,
    onSuccess: (_answer, { file }) => {
      void queryClient.invalidateQueries({ queryKey: filesKeys.account(file.emailAccountId) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_COUNTS_KEY });
    },
  });
}
