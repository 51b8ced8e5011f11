import {
  ACCOUNT_LABELS,
  ACCOUNT_MESSAGES,
  type CreateImapAccountRequest,
  DEFAULT_EXCHANGE_SERVER,
  DEFAULT_IMAP_PORT,
} from '@penman/contract';
import { Plug } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useCreateImapAccount } from '../api/create-imap-account.ts';
import { type ExchangeInputs, exchangeRequest } from './exchange-request.ts';
import { FormActions } from './form-actions.tsx';
import { ProviderPresetField } from './provider-preset-field.tsx';
import { failureMessage } from './toasts.ts';
import { useProviderPreset } from './use-provider-preset.ts';

/**
 * Exchange-type / any IMAP: email, provider (fills server and port), password, optional username,
 * server URL (prefilled) and port (993).
 */
export function ExchangeForm({ onConnected, onBack }: { onConnected: () => void; onBack: () => void }) {
  const create = useCreateImapAccount();
  const [inputs, setInputs] = useState<ExchangeInputs>({
    email: '',
    password: '',
    username: '',
    serverUrl: DEFAULT_EXCHANGE_SERVER,
    port: String(DEFAULT_IMAP_PORT),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ExchangeInputs, string>>>({});
  const preset = useProviderPreset((fields) => {
    setInputs((current) => ({ ...current, ...fields }));
    setErrors((current) => ({ ...current, serverUrl: undefined, port: undefined }));
  });

  const field = (name: keyof ExchangeInputs) => ({
    value: inputs[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setInputs((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      if (name === 'serverUrl' || name === 'port') preset.serverEdited();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const request = exchangeRequest(inputs);
    if (request.kind === 'missing') {
      toast.error(ACCOUNT_MESSAGES.missingInformationTitle, { description: ACCOUNT_MESSAGES.fillAllFields });
      return;
    }
    if (request.kind === 'invalid') {
      setErrors(request.errors);
      return;
    }
    create.mutate(request.body satisfies CreateImapAccountRequest, {
      onSuccess: () => {
        toast.success(ACCOUNT_MESSAGES.otherConnectedTitle);
        onConnected();
      },
      onError: (error) =>
        toast.error(ACCOUNT_MESSAGES.connectionFailedTitle, { description: failureMessage(error) ?? ACCOUNT_MESSAGES.otherConnectFailed }),
    });
  };

  const busy = create.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <TextField
        id="exchange-email"
        label={ACCOUNT_LABELS.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        {...field('email')}
        onBlur={() => void preset.suggestFor(inputs.email)}
      />
      <ProviderPresetField choice={preset.choice} onChoose={preset.choose} help={preset.help} status={preset.status} disabled={busy} />
      <TextField id="exchange-password" label={ACCOUNT_LABELS.password} type="password" autoComplete="off" {...field('password')} />
      <TextField
        id="exchange-username"
        label={ACCOUNT_LABELS.username}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={ACCOUNT_LABELS.usernameHint}
        {...field('username')}
      />
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_9rem]">
        <TextField
          id="exchange-server"
          label={ACCOUNT_LABELS.serverUrl}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...field('serverUrl')}
        />
        <TextField id="exchange-port" label={ACCOUNT_LABELS.port} inputMode="numeric" autoComplete="off" {...field('port')} />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{ACCOUNT_LABELS.portHint}</p>
      <FormActions onBack={onBack} backDisabled={busy}>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Plug aria-hidden="true" />}
          {busy ? ACCOUNT_LABELS.connecting : ACCOUNT_LABELS.connect}
        </Button>
      </FormActions>
    </form>
  );
}
