import { DRAFT_BODY_MAX_CHARS, DRAFT_SUBJECT_MAX_CHARS, DRAFTS_LABELS, type Draft } from '@penman/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

const L = DRAFTS_LABELS;
/** One editor is open at a time. */
const EDITOR_BODY_ID = 'draft-editor-body';

type DraftEditorDialogProps = {
  draft: Draft | undefined;
  saving: boolean;
  onSave: (draft: Draft, body: string, subject: string) => unknown;
  onClose: () => void;
};

type DraftEditorDialogOwnProps = DraftEditorDialogProps & {
  /** Gives the keyboard back on closing; `from` had the focus when the editor opened. */
  onReturnFocus: (from: HTMLElement | null) => void;
};

/** The editor: the draft's subject and reply; Save keeps Penman's text beside the user's. */
export function DraftEditorDialog({ draft, saving, onSave, onClose, onReturnFocus }: DraftEditorDialogOwnProps) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={draft !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-2xl"
        onOpenAutoFocus={(event) => {
          openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          // The reply is what one edits (the subject rarely): the cursor starts there.
          event.preventDefault();
          document.getElementById(EDITOR_BODY_ID)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // The editor has no trigger (any card's Edit button or the e key opens it), so Radix would
          // leave the keyboard on <body>, and the next Tab would start from the top of the page.
          event.preventDefault();
          onReturnFocus(openedFrom.current);
        }}
      >
        {draft ? <EditorForm key={draft.id} draft={draft} saving={saving} onSave={onSave} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditorForm({ draft, saving, onSave, onClose }: DraftEditorDialogProps & { draft: Draft }) {
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const subjectId = useId();
  const blank = body.trim() === '' || subject.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) void onSave(draft, body, subject);
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{L.editTitle}</DialogTitle>
        <DialogDescription>{L.editDescription}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={subjectId}>{L.subject}</Label>
        <Input id={subjectId} value={subject} maxLength={DRAFT_SUBJECT_MAX_CHARS} onChange={(event) => setSubject(event.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={EDITOR_BODY_ID}>{L.body}</Label>
        <textarea
          id={EDITOR_BODY_ID}
          value={body}
          maxLength={DRAFT_BODY_MAX_CHARS}
          onChange={(event) => setBody(event.target.value)}
          rows={14}
          className="min-h-48 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          {L.actions.discard}
        </Button>
        <Button type="submit" disabled={saving || blank}>
          {saving ? <Spinner /> : null}
          {L.actions.save}
        </Button>
      </div>
    </form>
  );
}
