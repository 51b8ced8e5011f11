import { FILES_LABELS, formatFileSize } from '@penman/contract';
import { FileUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils.ts';

type DropZoneProps = {
  file: File | null;
  /** The `accept` of the file chooser. */
  accept: string | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  disabled: boolean;
  onFile: (file: File) => void;
};

/**
 * Drag and drop or browse for one file (spec: only the first file is used). The zone is a button, so
 * the keyboard reaches it and Enter or Space opens the file chooser.
 */
export function DropZone({ file, accept, invalid, describedBy, disabled, onFile }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const take = (files: FileList | null | undefined) => {
    const first = files?.[0];
    if (first) onFile(first);
  };
  const onDrag = (event: DragEvent<HTMLButtonElement>, over: boolean) => {
    event.preventDefault();
    if (!disabled) setDragging(over);
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onClick={() => input.current?.click()}
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) take(event.dataTransfer.files);
        }}
        data-slot="drop-zone"
        data-dragging={dragging || undefined}
        className={cn(
          'flex w-full min-w-0 cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 py-6 text-center text-sm transition-colors outline-none',
          'hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
          dragging && 'border-primary bg-accent/60',
          invalid && 'border-destructive/60',
        )}
      >
        <FileUp className="size-7 text-muted-foreground" aria-hidden="true" />
        {file ? (
          <>
            <span className="max-w-full font-medium break-all">{file.name}</span>
            <span className="text-muted-foreground">{formatFileSize(file.size)}</span>
            <span className="text-xs text-primary underline underline-offset-4">{FILES_LABELS.chooseAnother}</span>
          </>
        ) : (
          <>
            <span className="font-medium">{dragging ? FILES_LABELS.dropZoneActive : FILES_LABELS.dropZone}</span>
            <span className="text-xs text-primary underline underline-offset-4">{FILES_LABELS.browse}</span>
          </>
        )}
      </button>
      <p id={hintId} className="text-xs text-muted-foreground">
        {FILES_LABELS.knowledgeAccepts}
      </p>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={FILES_LABELS.browse}
        accept={accept}
        onChange={(event) => {
          take(event.target.files);
          // The same file may be chosen again after it was refused.
          event.target.value = '';
        }}
      />
    </>
  );
}
