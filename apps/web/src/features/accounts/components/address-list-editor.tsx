import { ALIAS_LABELS } from '@penman/contract';
import { Plus, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import type { AddressList } from './use-address-list.ts';

type AddressListEditorProps = {
  id: string;
  label: string;
  hint?: string;
  list: AddressList;
  disabled?: boolean;
};

/** The user's other addresses: one per line with Remove, and a field with Add (Enter adds too). */
export function AddressListEditor({ id, label, hint, list, disabled }: AddressListEditorProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the address instead of submitting the form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    list.add();
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {list.addresses.length > 0 ? (
        <ul aria-label={label} className="grid gap-1.5">
          {list.addresses.map((address) => (
            <li key={address} className="flex min-w-0 items-center gap-2 rounded-md border bg-background py-1 pr-1 pl-3 text-sm">
              <span className="min-w-0 flex-1 break-all">{address}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                className="shrink-0"
                disabled={disabled}
                aria-label={ALIAS_LABELS.removeAddress(address)}
                onClick={() => list.remove(address)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          placeholder={ALIAS_LABELS.addressToAdd}
          value={list.draft}
          disabled={disabled}
          aria-invalid={list.error ? true : undefined}
          aria-describedby={[hint ? hintId : undefined, list.error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(event) => list.setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          disabled={disabled || list.draft.trim() === ''}
          onClick={() => list.add()}
        >
          <Plus aria-hidden="true" />
          {ALIAS_LABELS.addAddress}
        </Button>
      </div>
      {hint && !list.error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {list.error ? (
        <p id={errorId} className="text-sm text-destructive">
          {list.error}
        </p>
      ) : null}
    </div>
  );
}
