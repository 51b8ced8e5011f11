import { DELIVERY_LABELS, SMTP_SECURITY, type SmtpSettings, type SmtpSettingsInput } from '@penman/contract';
import { CircleAlert, CircleCheck, PlugZap } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiRequestError } from '@/lib/api-error.ts';
import { useCheckSmtp, useUpdateDeliverySettings } from '../api/delivery-settings.ts';
import { type SmtpField, type SmtpForm, smtpFieldErrors, smtpFormFrom, smtpInputFrom, withSecurity } from './smtp-form.ts';
import { failureMessage } from './toasts.ts';

const L = DELIVERY_LABELS.account;

/** The last Check connection or Save: it worked (with the server's words), it was saved, or it failed. */
type Outcome = { kind: 'checked' | 'saved' | 'failed'; message: string } | undefined;

/** An IMAP account's outgoing server: host, port, security, username, password; Check connection and Save (which checks first). */
export function SmtpSettingsForm({ accountId, smtp }: { accountId: string; smtp: SmtpSettings }) {
  const id = useId();
  const [form, setForm] = useState<SmtpForm>(() => smtpFormFrom(smtp));
  const [errors, setErrors] = useState<Partial<Record<SmtpField, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const check = useCheckSmtp();
  const save = useUpdateDeliverySettings();
  const busy = check.isPending || save.isPending;

  const change = (next: Partial<SmtpForm>) => {
    setForm((before) => ({ ...before, ...next }));
    setOutcome(undefined);
    const cleared = Object.keys(next).filter((key): key is SmtpField => key in errors);
    if (cleared.length > 0) setErrors((before) => ({ ...before, ...Object.fromEntries(cleared.map((key) => [key, undefined])) }));
  };
  const text = (field: SmtpField) => ({
    value: form[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
  });

  /** Checks the form; on a failed call, the server's field errors go to their fields and its message under the buttons. */
  const withInput = (run: (smtp: SmtpSettingsInput) => void) => {
    const result = smtpInputFrom(form);
    setOutcome(undefined);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    run(result.smtp);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiRequestError) setErrors(smtpFieldErrors(error.fields));
    setOutcome({ kind: 'failed', message: failureMessage(error) ?? L.checkFailed });
  };

  const onCheck = () =>
    withInput((input) =>
      check.mutate(
        { accountId, smtp: input },
        { onSuccess: (answer) => setOutcome({ kind: 'checked', message: answer.message }), onError: failed },
      ),
    );
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    withInput((input) =>
      save.mutate(
        { accountId, changes: { smtp: input } },
        {
          onSuccess: () => {
            toast.success(L.saved);
            setOutcome({ kind: 'saved', message: L.saved });
            setForm((before) => ({ ...before, password: '' }));
          },
          onError: (error) => {
            toast.error(L.saveFailed, { description: failureMessage(error) });
            failed(error);
          },
        },
      ),
    );
  };

  return (
    <form noValidate onSubmit={onSave} aria-busy={busy} aria-labelledby={`${id}-title`} className="grid gap-4 rounded-lg border p-4">
      <div>
        <h4 id={`${id}-title`} className="text-sm font-medium">
          {L.smtp}
        </h4>
        <p className="text-xs text-muted-foreground">{smtp.saved ? L.smtpHint : `${L.smtpHint} ${L.smtpNotSaved}`}</p>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_7rem]">
        <TextField id={`${id}-host`} label={L.host} autoComplete="off" autoCapitalize="none" spellCheck={false} {...text('host')} />
        <TextField id={`${id}-port`} label={L.port} inputMode="numeric" autoComplete="off" {...text('port')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{L.security}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {SMTP_SECURITY.map((security) => (
            <label key={security} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-security`}
                value={security}
                checked={form.security === security}
                onChange={() => setForm((before) => withSecurity(before, security))}
                className="size-4 accent-primary"
              />
              {L.securities[security]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id={`${id}-username`}
        label={L.username}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...text('username')}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.useImapPassword}
          onChange={(event) => change({ useImapPassword: event.target.checked, password: '' })}
          className="size-4 accent-primary"
        />
        {L.useImapPassword}
      </label>
      {form.useImapPassword ? null : (
        <TextField id={`${id}-password`} label={L.password} type="password" autoComplete="off" {...text('password')} />
      )}
      <CheckOutcome outcome={outcome} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={busy} onClick={onCheck}>
          {check.isPending ? <Spinner /> : <PlugZap aria-hidden="true" />}
          {check.isPending ? L.checking : L.check}
        </Button>
        <Button type="submit" disabled={busy}>
          {save.isPending ? <Spinner /> : null}
          {save.isPending ? L.saving : L.save}
        </Button>
      </div>
    </form>
  );
}

/** The last check's or save's outcome: a polite status when it worked, an alert when it did not. */
function CheckOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {outcome && outcome.kind !== 'failed' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-primary">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">{outcome.kind === 'saved' ? L.saved : `${L.checkOk}: ${outcome.message}`}</span>
        </p>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">
            {L.checkFailed}: {outcome.message}
          </span>
        </p>
      ) : null}
    </div>
  );
}
