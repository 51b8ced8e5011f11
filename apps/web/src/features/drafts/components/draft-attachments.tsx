import { DRAFTS_LABELS, type Draft } from '@penman/contract';
import { Paperclip } from 'lucide-react';
import { Switch } from '@/components/ui/switch.tsx';

const L = DRAFTS_LABELS;

type DraftAttachmentsProps = { draft: Draft; disabled: boolean; onToggle: (draft: Draft, fileId: string, on: boolean) => unknown };

/** The library files suggested for the reply, each a switch: on goes with the reply. */
export function DraftAttachments({ draft, disabled, onToggle }: DraftAttachmentsProps) {
  if (draft.attachments.length === 0) return null;
  return (
    <fieldset className="mt-3">
      <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium">
        <Paperclip className="size-4 text-muted-foreground" aria-hidden="true" />
        {L.attachments}
      </legend>
      <ul className="space-y-1.5">
        {draft.attachments.map((file) => {
          const id = `draft-${draft.id}-file-${file.id}`;
          return (
            <li key={file.id} className="flex items-start gap-2 text-sm">
              <Switch
                id={id}
                checked={file.selected}
                disabled={disabled}
                onCheckedChange={(on) => void onToggle(draft, file.id, on)}
                className="mt-0.5"
              />
              <label htmlFor={id} className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{file.filename}</span>
                <span className="text-muted-foreground"> · {file.reason}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
