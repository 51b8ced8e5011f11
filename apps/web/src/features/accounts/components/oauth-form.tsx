import { ACCOUNT_MESSAGES, README_CONFIGURATION_URL } from '@penman/contract';
import { ExternalLink, Mail, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { emailProblem } from './email-check.ts';
import { FormActions } from './form-actions.tsx';

/** Whether the server has the provider's OAuth client: 'missing' shows what the operator must set, and no popup opens. */
export type OAuthSetup = 'ready' | 'missing' | 'checking';

/** One provider's words on the form. */
export type OAuthFormTexts = {
  fieldId: string;
  address: string;
  addressPlaceholder: string;
  addressRequired: string;
  popupHint: string;
  connect: string;
  waiting: string;
  notConfiguredTitle: string;
  notConfiguredBody: string;
  setupLink: string;
};

export type OAuthFormProps = { connect: (emailAddress: string) => void; busy: boolean; onBack: () => void; setup: OAuthSetup };

/** The address to connect, then the provider's consent popup (Gmail, Microsoft). */
export function OAuthForm({ connect, busy, onBack, setup, texts }: OAuthFormProps & { texts: OAuthFormTexts }) {
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  // Once shown, the address's validity is re-checked on every change (spec).
  const problem = checked ? emailProblem(email) : undefined;
  const unavailable = setup !== 'ready';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || unavailable) return;
    if (email.trim() === '') {
      toast.error(ACCOUNT_MESSAGES.missingInformationTitle, { description: texts.addressRequired });
      return;
    }
    setChecked(true);
    if (emailProblem(email)) return;
    connect(email.trim());
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      {setup === 'missing' ? <NotConfigured texts={texts} /> : null}
      <TextField
        id={texts.fieldId}
        label={texts.address}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={texts.addressPlaceholder}
        value={email}
        error={problem}
        hint={texts.popupHint}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setChecked(email.trim() !== '')}
        disabled={setup === 'missing'}
        autoFocus={setup !== 'missing'}
      />
      <FormActions onBack={onBack} backDisabled={busy}>
        <Button type="submit" disabled={busy || unavailable}>
          {busy || setup === 'checking' ? <Spinner /> : <Mail aria-hidden="true" />}
          {busy ? texts.waiting : texts.connect}
        </Button>
      </FormActions>
    </form>
  );
}

/** What the operator must set, with the README's section on it. */
function NotConfigured({ texts }: { texts: OAuthFormTexts }) {
  return (
    <div role="alert" className="grid gap-1.5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {texts.notConfiguredTitle}
      </p>
      <p className="break-words">{texts.notConfiguredBody}</p>
      <a
        href={README_CONFIGURATION_URL}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 font-medium text-amber-900 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {texts.setupLink}
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
