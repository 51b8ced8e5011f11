import { FILE_MESSAGES, FILES_LABELS, type FileCategory, type StoredFile } from '@penman/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAddToCategory } from '../api/add-to-category.ts';
import { useDeleteFile } from '../api/delete-file.ts';
import { useSetAutoAttach } from '../api/update-attachment.ts';

const description = (error: unknown) => (error instanceof Error && error.message.trim() ? error.message : undefined);

/** A file row's actions with the spec's toasts: delete (after confirming), add to the other category, auto-attach. */
export function useFileActions() {
  const remove = useDeleteFile();
  const add = useAddToCategory();
  const autoAttach = useSetAutoAttach();
  const [confirming, setConfirming] = useState<StoredFile | null>(null);

  return {
    confirming,
    askToDelete: (file: StoredFile) => setConfirming(file),
    closeConfirmation: () => setConfirming(null),
    deleting: remove.isPending,
    confirmDelete: () => {
      if (!confirming) return;
      remove.mutate(confirming, {
        onSuccess: () => {
          toast.success(FILE_MESSAGES.deleted);
          setConfirming(null);
        },
        onError: (error) => toast.error(FILE_MESSAGES.deleteFailed, { description: description(error) }),
      });
    },
    addTo: (file: StoredFile, category: FileCategory) =>
      add.mutate(
        { file, category },
        {
          // 'File already exists as ...' is informational (spec), not a success.
          onSuccess: ({ created, message }) => (created ? toast.success(message) : toast.info(message)),
          onError: (error) => toast.error(FILE_MESSAGES.addFailedAs(category), { description: description(error) }),
        },
      ),
    adding: add.isPending ? add.variables : undefined,
    setAutoAttach: (file: StoredFile, on: boolean) =>
      autoAttach.mutate(
        { file, autoAttach: on },
        { onError: (error) => toast.error(FILES_LABELS.autoAttachFailed, { description: description(error) }) },
      ),
  };
}

export type FileActions = ReturnType<typeof useFileActions>;
