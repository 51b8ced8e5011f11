import { FILE_CATEGORIES, FILES_LABELS, type FileCategory, type StoredFile } from '@penman/contract';
import { Check, CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { DropZone } from './drop-zone.tsx';
import { acceptedTypes } from './file-view.ts';
import { ProgressBar } from './ui/progress-bar.tsx';
import { useUploadForm } from './use-upload-form.ts';

type UploadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The screen's category: its toggle is on when the dialog opens (spec). */
  mode: FileCategory;
  accountId: string;
  /** The account's files, to refuse a name already taken before sending a byte. */
  existing: readonly StoredFile[];
};

/** The upload dialog (spec): one file by drag and drop or browsing, the category toggles, the size, progress. */
export function UploadDialog({ open, onOpenChange, ...props }: UploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted while open only: every opening starts with no file and the mode's default category. */}
      {open ? <UploadForm {...props} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function UploadForm({ mode, accountId, existing, onDone }: Omit<UploadDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const { file, categories, problem, percent, uploading, chooseFile, toggle, submit } = useUploadForm({
    mode,
    accountId,
    existing,
    onDone,
  });
  const errorId = useId();
  return (
    <DialogContent className="max-w-lg" onInteractOutside={(event) => uploading && event.preventDefault()}>
      <DialogHeader>
        <DialogTitle>{FILES_LABELS.uploadTitle[mode]}</DialogTitle>
        <DialogDescription>{FILES_LABELS.uploadDescription}</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
        <div className="grid min-w-0 gap-2">
          <DropZone
            file={file}
            accept={acceptedTypes(categories)}
            invalid={problem?.field === 'file'}
            describedBy={problem?.field === 'file' ? errorId : undefined}
            disabled={uploading}
            onFile={chooseFile}
          />
        </div>
        <fieldset className="grid gap-2" aria-describedby={problem?.field === 'categories' ? errorId : undefined}>
          <legend className="mb-2 text-sm font-medium">{FILES_LABELS.categories}</legend>
          <div className="flex flex-wrap gap-2">
            {FILE_CATEGORIES.map((category) => {
              const on = categories.includes(category);
              return (
                <button
                  key={category}
                  type="button"
                  aria-pressed={on}
                  disabled={uploading}
                  onClick={() => toggle(category)}
                  className={cn(
                    'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
                    on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-accent',
                  )}
                >
                  <Check aria-hidden="true" className={cn('size-4', !on && 'opacity-0')} />
                  {FILES_LABELS.category[category]}
                </button>
              );
            })}
          </div>
        </fieldset>
        {problem ? (
          <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{problem.message}</span>
          </p>
        ) : null}
        {uploading ? (
          <div className="grid gap-1.5">
            <ProgressBar value={percent} label={FILES_LABELS.uploading} />
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {FILES_LABELS.uploadProgress(Math.round(percent))}
            </p>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            {FILES_LABELS.cancel}
          </Button>
          <Button type="submit" disabled={uploading} aria-busy={uploading}>
            {uploading ? <Spinner /> : null}
            {uploading ? FILES_LABELS.uploading : FILES_LABELS.upload}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
