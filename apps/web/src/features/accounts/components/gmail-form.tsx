import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '@penman/contract';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { emailProblem } from './email-check.ts';
import { FormActions } from './form-actions.tsx';

type GmailFormProps = { connect: (emailAddress: string) => void; busy: boolean; onBack: () => void };

/** The Gmail address, then Google's consent popup. */
export function GmailForm({ connect, busy, onBack }: GmailFormProps) {
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  // Once shown, the address's validity is re-checked on every change (spec).
  const problem = checked ? emailProblem(email) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      toast.error(ACCOUNT_MESSAGES.missingInformationTitle, { description: ACCOUNT_MESSAGES.gmailAddressRequired });
      return;
    }
    setChecked(true);
    if (emailProblem(email)) return;
    connect(email.trim());
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <TextField
        id="gmail-address"
        label={ACCOUNT_LABELS.gmailAddress}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={ACCOUNT_LABELS.gmailAddressPlaceholder}
        value={email}
        error={problem}
        hint={ACCOUNT_LABELS.gmailPopupHint}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setChecked(email.trim() !== '')}
        autoFocus
      />
      <FormActions onBack={onBack} backDisabled={busy}>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Mail aria-hidden="true" />}
          {busy ? ACCOUNT_LABELS.waitingForGoogle : ACCOUNT_LABELS.connectGmail}
        </Button>
      </FormActions>
    </form>
  );
}
