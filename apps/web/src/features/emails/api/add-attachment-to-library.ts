import type { FileCategory } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

type AddToLibrary = { emailId: string; attachmentId: string; categories: FileCategory[] };

/** "Add to library": the server fetches the attachment from the mailbox and stores it in the library. */
export async function addAttachmentToLibrary({ emailId, attachmentId, categories }: AddToLibrary) {
  return unwrap(
    api.emails[':id'].attachments[':attachmentId'].library.$post({ param: { id: emailId, attachmentId }, json: { categories } }),
  );
}

export function useAddAttachmentToLibrary() {
  return useMutation({ mutationFn: addAttachmentToLibrary });
}
