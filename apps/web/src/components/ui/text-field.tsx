import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  /** Shown under the field and announced with it (aria-describedby). */
  error?: string | undefined;
  hint?: string;
};

/** A labelled input with its error message wired for assistive technology. */
export function TextField({ id, label, error, hint, className, ...props }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
