import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useUpdateAccount } from '../api/update-account.ts';
import { CAP_FIELDS, type CapField, type CapInputs, capDefault, capInputsFrom, capsRequest } from './caps.ts';
import { toastFailure } from './toasts.ts';

type CapsAccount = Pick<EmailAccount, 'id' | CapField>;

const sameInputs = (a: CapInputs, b: CapInputs) => CAP_FIELDS.every((field) => a[field].trim() === b[field].trim());

/** The four download caps: whole numbers of 0 or more, empty for the default (null). */
export function DownloadCapsForm({ account }: { account: CapsAccount }) {
  const headingId = useId();
  const update = useUpdateAccount();
  const stored = capInputsFrom(account);
  const [inputs, setInputs] = useState(stored);
  const [baseline, setBaseline] = useState(stored);
  const [invalid, setInvalid] = useState<ReadonlySet<CapField>>(new Set());
  // Text a number input cannot read (e.g. "1e"): its value is '' but it must not save as the default.
  const [unreadable, setUnreadable] = useState<ReadonlySet<CapField>>(new Set());

  // The stored caps changed (saved here or elsewhere): follow them unless the user has unsaved edits.
  if (!sameInputs(stored, baseline)) {
    setBaseline(stored);
    if (sameInputs(inputs, baseline)) setInputs(stored);
  }
  const dirty = !sameInputs(inputs, stored) || unreadable.size > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const request = capsRequest(inputs);
    if (!request.ok || unreadable.size > 0) {
      setInvalid(new Set([...(request.ok ? [] : request.invalid), ...unreadable]));
      return;
    }
    setInvalid(new Set());
    update.mutate(
      { id: account.id, changes: request.changes },
      {
        onSuccess: () => toast.success(ACCOUNT_MESSAGES.savedTitle, { description: ACCOUNT_MESSAGES.capsUpdated }),
        onError: (error) => toastFailure(ACCOUNT_MESSAGES.saveFailed, error),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-sm font-semibold">
          {ACCOUNT_LABELS.downloadCaps}
        </h3>
        <p className="text-xs text-muted-foreground">{ACCOUNT_LABELS.downloadCapsHint}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {CAP_FIELDS.map((field) => (
          <TextField
            key={field}
            id={`${headingId}-${field}`}
            label={ACCOUNT_LABELS.caps[field]}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={ACCOUNT_LABELS.capDefault(capDefault(field))}
            value={inputs[field]}
            error={invalid.has(field) ? ACCOUNT_LABELS.capInvalid : undefined}
            onChange={(event) => {
              const { value, validity } = event.target;
              setInputs((current) => ({ ...current, [field]: value }));
              setUnreadable((current) => {
                const next = new Set(current);
                if (validity.badInput) next.add(field);
                else next.delete(field);
                return next;
              });
              if (invalid.has(field)) setInvalid((current) => new Set([...current].filter((name) => name !== field)));
            }}
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant={dirty ? 'default' : 'outline'} disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? ACCOUNT_LABELS.saving : ACCOUNT_LABELS.save}
        </Button>
      </div>
    </form>
  );
}
