import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, ALIAS_LABELS, formatFileSize } from '@penman/contract';
import { Upload, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useImportMailbox } from '../api/import-mailbox.ts';
import type { UploadProgress } from '../api/request.ts';
import { AddressListEditor } from './address-list-editor.tsx';
import { emailProblem } from './email-check.ts';
import { FormActions } from './form-actions.tsx';
import { failureMessage } from './toasts.ts';
import { Progress } from './ui/progress.tsx';
import { useAddressList } from './use-address-list.ts';

const ACCEPT = '.mbox,.mbx,.zip,application/mbox,application/zip';

type MailboxImportFormProps = { onImported: () => void; onBack: () => void; onBusyChange: (busy: boolean) => void };

/** Upload an .mbox or a .zip of .eml files as a read-only account, with a progress bar and Cancel. */
export function MailboxImportForm({ onImported, onBack, onBusyChange }: MailboxImportFormProps) {
  const fileInputId = useId();
  const aliasesId = useId();
  const sentOnlyId = useId();
  const importMailbox = useImportMailbox();
  const [email, setEmail] = useState('');
  const aliases = useAddressList([], { exclude: [email.trim()] });
  const [sentOnly, setSentOnly] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const busy = importMailbox.isPending;

  useEffect(() => {
    onBusyChange(busy);
    if (!busy) return;
    // Leaving the page would drop a large upload: let the browser ask first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy, onBusyChange]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || !file) {
      toast.error(ACCOUNT_MESSAGES.missingInformationTitle, { description: ACCOUNT_MESSAGES.fillAllFields });
      return;
    }
    const problem = emailProblem(email);
    if (problem) {
      setEmailError(problem);
      return;
    }
    // An address left in the field is meant to be in the list.
    const otherAddresses = aliases.add();
    if (!otherAddresses) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, total: file.size });
    importMailbox.mutate(
      { emailAddress: email.trim(), aliases: otherAddresses, sentOnly, file, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          toast.success(ACCOUNT_LABELS.importStartedTitle, { description: ACCOUNT_LABELS.importStarted });
          onBusyChange(false);
          onImported();
        },
        onError: (error) => {
          setProgress(null);
          if (controller.signal.aborted) return;
          toast.error(ACCOUNT_LABELS.importFailedTitle, { description: failureMessage(error) ?? ACCOUNT_MESSAGES.pleaseTryAgain });
        },
      },
    );
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
      <TextField
        id="mbox-owner-email"
        label={ACCOUNT_LABELS.ownerAddress}
        type="email"
        autoComplete="email"
        inputMode="email"
        hint={ACCOUNT_LABELS.ownerAddressHint}
        value={email}
        error={emailError}
        disabled={busy}
        autoFocus
        onChange={(event) => {
          setEmail(event.target.value);
          if (emailError) setEmailError(emailProblem(event.target.value));
        }}
      />
      <AddressListEditor
        id={aliasesId}
        label={ALIAS_LABELS.otherAddresses}
        hint={ALIAS_LABELS.otherAddressesHint}
        list={aliases}
        disabled={busy}
      />
      <div className="grid gap-2">
        <Label htmlFor={fileInputId}>{ACCOUNT_LABELS.mailboxFile}</Label>
        <input
          id={fileInputId}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={`${fileInputId}-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full cursor-pointer rounded-md border border-input bg-card text-sm text-muted-foreground shadow-xs outline-none file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60"
        />
        <p id={`${fileInputId}-hint`} className="text-xs text-muted-foreground">
          {file ? `${file.name} · ${formatFileSize(file.size)}` : ACCOUNT_LABELS.mailboxFileHint}
        </p>
      </div>

      <div className="flex items-start gap-3">
        <Switch
          id={sentOnlyId}
          className="mt-0.5"
          checked={sentOnly}
          disabled={busy}
          aria-describedby={`${sentOnlyId}-hint`}
          onCheckedChange={setSentOnly}
        />
        <div className="grid gap-1">
          <Label htmlFor={sentOnlyId}>{ALIAS_LABELS.sentOnly}</Label>
          <p id={`${sentOnlyId}-hint`} className="text-xs text-muted-foreground">
            {ALIAS_LABELS.sentOnlyHint}
          </p>
        </div>
      </div>

      {progress ? (
        <div className="grid gap-1.5">
          <Progress aria-label={ACCOUNT_LABELS.uploadProgress} value={percent} max={100} />
          <p className="flex justify-between text-xs text-muted-foreground tabular-nums">
            <span>
              {formatFileSize(progress.loaded)} / {formatFileSize(progress.total)}
            </span>
            <span>{percent}%</span>
          </p>
        </div>
      ) : null}

      <FormActions onBack={onBack} backDisabled={busy}>
        {busy ? (
          <Button variant="outline" onClick={() => abortRef.current?.abort()}>
            <X aria-hidden="true" />
            {ACCOUNT_LABELS.cancel}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Upload aria-hidden="true" />}
          {busy ? ACCOUNT_LABELS.uploading : ACCOUNT_LABELS.import}
        </Button>
      </FormActions>
    </form>
  );
}
