import { DELIVERY_LABELS, type SmtpSecurity, type SmtpSettings, type SmtpSettingsInput } from '@penman/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '@/lib/api-error.ts';
import { useCheckSmtp, useUpdateDeliverySettings } from '../api/delivery-settings.ts';
import { type SmtpField, type SmtpForm, smtpFieldErrors, smtpFormFrom, smtpInputFrom, withSecurity } from './smtp-form.ts';
import { failureMessage } from './toasts.ts';

const L = DELIVERY_LABELS.account;

/** The last Check connection or Save: it worked (with the server's words), it was saved, or it failed. */
export type SmtpOutcome = { kind: 'checked' | 'saved' | 'failed'; message: string } | undefined;

/**
 * The SMTP form's state and actions: the fields, their errors (the form's own check, then the
 * server's), Check connection (a login, nothing saved) and Save (checked by the server first), and
 * the outcome of the last of them.
 */
export function useSmtpSettingsForm({ accountId, smtp }: { accountId: string; smtp: SmtpSettings }) {
  const [form, setForm] = useState<SmtpForm>(() => smtpFormFrom(smtp));
  const [errors, setErrors] = useState<Partial<Record<SmtpField, string>>>({});
  const [outcome, setOutcome] = useState<SmtpOutcome>();
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

  const chooseSecurity = (security: SmtpSecurity) => setForm((before) => withSecurity(before, security));
  return { form, outcome, busy, checking: check.isPending, saving: save.isPending, change, text, chooseSecurity, onCheck, onSave };
}
