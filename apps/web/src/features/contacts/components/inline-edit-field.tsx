import { type Contact, TOAST_MS } from '@penman/contract';
import { Check, Pencil, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { useUpdateContact } from '../api/update-contact.ts';
import { type EditableField, editPayload, storedValue, UPDATED_TOASTS } from './contact-edit.ts';
import { CONTACT_LABELS } from './labels.ts';

/** Marks an editor so the dialog leaves Escape to it (cancel the edit, not close the dialog). */
export const INLINE_EDITOR_ATTRIBUTE = 'data-inline-editor';

type InlineEditFieldProps = {
  contact: Contact;
  field: EditableField;
  label: string;
  /** Notes: a multi-line box with a placeholder; saved as text, never null. */
  multiline?: boolean;
  placeholder?: string;
  /** Shown beside the value in view mode (e.g. a copy button). */
  extra?: ReactNode;
};

/**
 * One editable contact field (spec part 2 section 4): view, edit, then save or cancel. Cancel
 * restores the stored value; an empty save is sent as null except for notes.
 */
export function InlineEditField({ contact, field, label, multiline = false, placeholder, extra }: InlineEditFieldProps) {
  const inputId = useId();
  const update = useUpdateContact();
  const stored = storedValue(contact, field);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(stored);

  const start = () => {
    setDraft(stored);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(stored);
    setEditing(false);
  };
  const save = () => {
    if (update.isPending) return;
    update.mutate(
      { id: contact.id, changes: editPayload(field, draft) },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(UPDATED_TOASTS[field], { duration: TOAST_MS.fieldUpdate });
        },
        onError: (error) => toast.error(CONTACT_LABELS.saveFailed, { description: error.message, duration: TOAST_MS.default }),
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && (!multiline || event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      save();
    }
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-start gap-1">
        <p
          className={cn(
            'min-w-0 flex-1 py-1.5 text-sm break-words',
            multiline && 'whitespace-pre-wrap',
            stored.trim() === '' && 'text-muted-foreground italic',
          )}
        >
          {stored.trim() === '' ? (placeholder ?? CONTACT_LABELS.notSet) : stored}
        </p>
        {extra}
        <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label={CONTACT_LABELS.edit(label)} onClick={start}>
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    );
  }

  const editorProps = {
    id: inputId,
    'aria-label': label,
    value: draft,
    placeholder,
    autoFocus: true,
    readOnly: update.isPending,
    onKeyDown,
    [INLINE_EDITOR_ATTRIBUTE]: '',
  };
  return (
    <div className={cn('flex min-w-0 gap-1.5', multiline ? 'flex-col' : 'items-center')}>
      {multiline ? (
        <textarea
          {...editorProps}
          rows={5}
          onChange={(event) => setDraft(event.target.value)}
          className="min-h-28 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-60"
        />
      ) : (
        <Input {...editorProps} className="h-8" onChange={(event) => setDraft(event.target.value)} />
      )}
      <div className={cn('flex shrink-0 gap-1', multiline && 'justify-end')}>
        <Button
          size={multiline ? 'sm' : 'icon-sm'}
          aria-label={`${CONTACT_LABELS.save} ${label}`}
          onClick={save}
          disabled={update.isPending}
        >
          {update.isPending ? <Spinner /> : <Check aria-hidden="true" />}
          {multiline ? CONTACT_LABELS.save : null}
        </Button>
        <Button
          variant="outline"
          size={multiline ? 'sm' : 'icon-sm'}
          aria-label={`${CONTACT_LABELS.cancel} ${label}`}
          onClick={cancel}
          disabled={update.isPending}
        >
          <X aria-hidden="true" />
          {multiline ? CONTACT_LABELS.cancel : null}
        </Button>
      </div>
    </div>
  );
}
