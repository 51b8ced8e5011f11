import { AUTH_MESSAGES, SETTINGS_LABELS, SETTINGS_MESSAGES, TOAST_MS } from '@penman/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { useAccountInfo } from '../api/account-info.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useVerifyTwoFactorSetup } from '../api/auth-actions.ts';
import { QrCode } from './qr-code.tsx';
import { backupCodesFileText, normalizeTotpCode, secretOfTotpUri } from './settings-view.ts';

const L = SETTINGS_LABELS.security;

type Step =
  | { name: 'idle' }
  | { name: 'password'; action: 'enable' | 'disable' }
  | { name: 'scan'; totpURI: string; backupCodes: string[] }
  | { name: 'codes'; backupCodes: string[] };

const failure = (error: unknown) => (error instanceof Error ? error.message : undefined);

export function TwoFactorCard() {
  const info = useAccountInfo();
  const enabled = info.data?.twoFactorEnabled === true;
  const [step, setStep] = useState<Step>({ name: 'idle' });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="two-factor-title" className="font-medium">
          {L.twoFactor}
        </h3>
        {enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">{enabled ? L.twoFactorOn : L.twoFactorOff}</p>
      {step.name === 'idle' ? (
        <div>
          <Button
            variant={enabled ? 'outline' : 'default'}
            disabled={!info.data}
            onClick={() => setStep({ name: 'password', action: enabled ? 'disable' : 'enable' })}
          >
            {enabled ? L.disableTwoFactor : L.enableTwoFactor}
          </Button>
        </div>
      ) : null}
      {step.name === 'password' ? (
        <PasswordStep
          action={step.action}
          onCancel={() => setStep({ name: 'idle' })}
          onEnabled={(totpURI, backupCodes) => setStep({ name: 'scan', totpURI, backupCodes })}
          onDisabled={() => setStep({ name: 'idle' })}
        />
      ) : null}
      {step.name === 'scan' ? (
        <ScanStep
          totpURI={step.totpURI}
          onCancel={() => setStep({ name: 'idle' })}
          onVerified={() => setStep({ name: 'codes', backupCodes: step.backupCodes })}
        />
      ) : null}
      {step.name === 'codes' ? <BackupCodes codes={step.backupCodes} onDone={() => setStep({ name: 'idle' })} /> : null}
    </div>
  );
}

function PasswordStep({
  action,
  onCancel,
  onEnabled,
  onDisabled,
}: {
  action: 'enable' | 'disable';
  onCancel: () => void;
  onEnabled: (totpURI: string, backupCodes: string[]) => void;
  onDisabled: () => void;
}) {
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [error, setError] = useState<string>();
  const busy = enable.isPending || disable.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setError(AUTH_MESSAGES.passwordRequired);
    try {
      if (action === 'enable') {
        const { totpURI, backupCodes } = await enable.mutateAsync(password);
        onEnabled(totpURI, backupCodes);
      } else {
        await disable.mutateAsync(password);
        toast.success(SETTINGS_MESSAGES.twoFactorDisabled, { duration: TOAST_MS.default });
        onDisabled();
      }
    } catch (caught) {
      const message = failure(caught) ?? '';
      setError(/password/i.test(message) ? SETTINGS_MESSAGES.currentPasswordWrong : SETTINGS_MESSAGES.failed(message));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-sm gap-3">
      <TextField
        id="two-factor-password"
        name="password"
        type="password"
        autoComplete="current-password"
        label={L.confirmWithPassword}
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" variant={action === 'disable' ? 'destructive' : 'default'} disabled={busy}>
          {action === 'disable' ? L.disableTwoFactor : L.continue}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}

function ScanStep({ totpURI, onCancel, onVerified }: { totpURI: string; onCancel: () => void; onVerified: () => void }) {
  const verify = useVerifyTwoFactorSetup();
  const [error, setError] = useState<string>();
  const secret = secretOfTotpUri(totpURI);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normalizeTotpCode(String(new FormData(event.currentTarget).get('code') ?? ''));
    if (!code) return setError(SETTINGS_MESSAGES.codeRequired);
    try {
      await verify.mutateAsync(code);
      toast.success(SETTINGS_MESSAGES.twoFactorEnabled, { duration: TOAST_MS.default });
      onVerified();
    } catch {
      setError(SETTINGS_MESSAGES.twoFactorCodeInvalid);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <p className="text-sm">{L.scanQr}</p>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode value={totpURI} label={L.scanQr} />
        <div className="grid min-w-0 gap-1 text-sm">
          <span className="text-muted-foreground">{L.secretKey}</span>
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-2 py-1 font-mono">
            {secret}
          </code>
        </div>
      </div>
      <TextField
        id="two-factor-code"
        name="code"
        label={L.enterCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="max-w-xs"
        error={error}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={verify.isPending}>
          {L.verify}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { user } = useAuth();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(SETTINGS_MESSAGES.backupCodesCopied, { duration: TOAST_MS.copy });
    } catch (error) {
      toast.error(SETTINGS_MESSAGES.failed(failure(error)));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([backupCodesFileText(codes, user?.email ?? '')], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'penman-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-3 rounded-md border p-4">
      <h4 className="font-medium">{L.backupCodesTitle}</h4>
      <p className="text-sm text-muted-foreground">{L.backupCodesHint}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={L.backupCodesTitle} data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {L.copyCodes}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          {L.downloadCodes}
        </Button>
        <Button size="sm" onClick={onDone}>
          {L.done}
        </Button>
      </div>
    </div>
  );
}
