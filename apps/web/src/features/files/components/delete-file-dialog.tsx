import { FILES_LABELS, type StoredFile } from '@penman/contract';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

type DeleteFileDialogProps = {
  file: StoredFile | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Delete with a confirmation (spec): Cancel, or Delete (which keeps the dialog open until the server answers). */
export function DeleteFileDialog({ file, pending, onCancel, onConfirm }: DeleteFileDialogProps) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open || pending ? undefined : onCancel())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{FILES_LABELS.deleteTitle}</DialogTitle>
          <DialogDescription className="break-words [overflow-wrap:anywhere]">
            {file ? FILES_LABELS.deleteBody(file.filename) : null}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {FILES_LABELS.cancel}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            {pending ? FILES_LABELS.deleting : FILES_LABELS.delete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
