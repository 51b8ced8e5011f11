import { DELIVERY_LABELS, SMTP_SECURITY, type SmtpSettings } from '@penman/contract';
import { CircleAlert, CircleCheck, PlugZap } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { type SmtpOutcome, useSmtpSettingsForm } from './use-smtp-settings-form.ts';

const L = DELIVERY_LABELS.account;

/** An IMAP account's outgoing server: host, port, security, username, password; Check connection and Save (which checks first). */
export function SmtpSettingsForm({ accountId, smtp }: { accountId: string; smtp: SmtpSettings }) {
  const id = useId();
  const { form, outcome, busy, checking, saving, change, text, chooseSecurity, onCheck, onSave } = useSmtpSettingsForm({
    accountId,
    smtp,
  });

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
                onChange={() => chooseSecurity(security)}
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
      <label className="flex items-center gap-2 text-sm max-md:min-h-11">
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
          {checking ? <Spinner /> : <PlugZap aria-hidden="true" />}
          {checking ? L.checking : L.check}
        </Button>
        <Button type="submit" disabled={busy}>
          {saving ? <Spinner /> : null}
          {saving ? L.saving : L.save}
        </Button>
      </div>
    </form>
  );
}

/** The last check's or save's outcome: a polite status when it worked, an alert when it did not. */
function CheckOutcome({ outcome }: { outcome: SmtpOutcome }) {
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
