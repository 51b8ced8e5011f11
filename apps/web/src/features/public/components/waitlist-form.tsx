import { HOW_HEARD_OPTIONS, PUBLIC_LABELS } from '@penman/contract';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import type { FieldErrors, WaitlistField, WaitlistValues } from '../api/waitlist-validation.ts';

const EMPTY: WaitlistValues = { firstName: '', lastName: '', email: '', howHeard: '' };

const loadSubmit = () => import('../api/submit-waitlist.ts');

type WaitlistFormProps = {
  /** 'dialog': the browser requires every field; 'landing': the schema's messages show under the fields. */
  variant: 'dialog' | 'landing';
  onJoined: () => void;
};

/** First name, last name, email and how-heard; 'Joining...' while it is sent. */
export function WaitlistForm({ variant, onJoined }: WaitlistFormProps) {
  const id = useId();
  const [values, setValues] = useState<WaitlistValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const refs = useRef<Partial<Record<WaitlistField, HTMLInputElement | HTMLSelectElement | null>>>({});

  const field = (name: WaitlistField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: variant === 'dialog',
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ref: (element: HTMLInputElement | HTMLSelectElement | null) => {
      refs.current[name] = element;
    },
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { submitWaitlist } = await loadSubmit();
      const result = await submitWaitlist(values);
      if (result.ok) {
        setValues(EMPTY);
        setErrors({});
        onJoined();
        return;
      }
      setErrors(result.errors);
      const first = (['firstName', 'lastName', 'email', 'howHeard'] as const).find((name) => result.errors[name]);
      if (first) refs.current[first]?.focus();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form
      noValidate={variant === 'landing'}
      onSubmit={onSubmit}
      onFocus={() => void loadSubmit()}
      aria-busy={busy}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field label={PUBLIC_LABELS.firstName} htmlFor={`${id}-firstName`} error={errors.firstName} errorId={`${id}-firstName-error`}>
        <input {...field('firstName')} autoComplete="given-name" className={inputClass} />
      </Field>
      <Field label={PUBLIC_LABELS.lastName} htmlFor={`${id}-lastName`} error={errors.lastName} errorId={`${id}-lastName-error`}>
        <input {...field('lastName')} autoComplete="family-name" className={inputClass} />
      </Field>
      <Field
        label={PUBLIC_LABELS.email}
        htmlFor={`${id}-email`}
        error={errors.email}
        errorId={`${id}-email-error`}
        className="sm:col-span-2"
      >
        <input
          {...field('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@company.com"
          className={inputClass}
        />
      </Field>
      <Field
        label={PUBLIC_LABELS.howHeard}
        htmlFor={`${id}-howHeard`}
        error={errors.howHeard}
        errorId={`${id}-howHeard-error`}
        className="sm:col-span-2"
      >
        <select {...field('howHeard')} className={`${inputClass} appearance-auto`}>
          <option value="">{PUBLIC_LABELS.howHeardPlaceholder}</option>
          {HOW_HEARD_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" disabled={busy} className={buttonVariants({ size: 'lg', className: 'w-full sm:col-span-2' })}>
        {busy ? (
          <>
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
            {PUBLIC_LABELS.joining}
          </>
        ) : (
          PUBLIC_LABELS.joinWaitlist
        )}
      </button>
    </form>
  );
}

const inputClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive sm:text-sm';

type FieldProps = {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  className?: string;
  children: ReactNode;
};

function Field({ label, htmlFor, error, errorId, className, children }: FieldProps) {
  return (
    <div className={`grid content-start gap-2 ${className ?? ''}`}>
      <label htmlFor={htmlFor} className="text-sm font-medium leading-none">
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
