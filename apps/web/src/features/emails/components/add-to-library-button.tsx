import { EMAIL_MESSAGES, FILE_MESSAGES } from '@penman/contract';
import { LibraryBig } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAddAttachmentToLibrary } from '../api/add-attachment-to-library.ts';

/** On an attachment of sent mail: copies it into the account's attachment library, with the spec's toasts. */
export function AddToLibraryButton({ emailId, attachmentId, filename }: { emailId: string; attachmentId: string; filename: string }) {
  const add = useAddAttachmentToLibrary();
  const onClick = () =>
    add.mutate(
      { emailId, attachmentId, categories: ['attachment'] },
      {
        // "File already exists as attachment" is information, not a failure.
        onSuccess: ({ created, message }) => (created ? toast.success(message) : toast.info(message)),
        onError: (error) => toast.error(FILE_MESSAGES.uploadFailedAs('attachment'), { description: error.message }),
      },
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-6 shrink-0 px-1.5 text-xs"
      onClick={onClick}
      disabled={add.isPending}
      aria-label={EMAIL_MESSAGES.addToLibraryLabel(filename)}
    >
      {add.isPending ? <Spinner /> : <LibraryBig aria-hidden="true" />}
      {EMAIL_MESSAGES.addToLibrary}
    </Button>
  );
}
