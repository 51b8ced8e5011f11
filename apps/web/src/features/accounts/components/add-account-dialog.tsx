import { ACCOUNT_LABELS, MICROSOFT_LABELS } from '@penman/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Briefcase, Building2, ChevronRight, FileArchive, type LucideIcon, Mail } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/utils.ts';
import { useGmailClientId } from '../api/get-gmail-client-id.ts';
import { useMicrosoftClientId } from '../api/get-microsoft-client-id.ts';
import { ExchangeForm } from './exchange-form.tsx';
import { GmailForm } from './gmail-form.tsx';
import { MailboxImportForm } from './mailbox-import-form.tsx';
import { MicrosoftForm } from './microsoft-form.tsx';
import type { OAuthSetup } from './oauth-form.tsx';
import { useGmailConnect } from './use-gmail-connect.ts';
import { useMicrosoftConnect } from './use-microsoft-connect.ts';

type Provider = 'gmail' | 'outlook' | 'exchange' | 'mbox';

// Microsoft 365 / Outlook second: Exchange Online and Outlook.com refuse passwords over IMAP, so those
// users need it rather than the IMAP form, which stays for on-premises Exchange and any IMAP server.
const CHOICES: { provider: Provider; name: string; hint: string; icon: LucideIcon }[] = [
  { provider: 'gmail', name: ACCOUNT_LABELS.providers.gmail, hint: ACCOUNT_LABELS.providerHints.gmail, icon: Mail },
  { provider: 'outlook', name: ACCOUNT_LABELS.providers.outlook, hint: ACCOUNT_LABELS.providerHints.outlook, icon: Briefcase },
  { provider: 'exchange', name: ACCOUNT_LABELS.providers.exchange, hint: ACCOUNT_LABELS.providerHints.exchange, icon: Building2 },
  { provider: 'mbox', name: ACCOUNT_LABELS.importProvider, hint: ACCOUNT_LABELS.providerHints.mbox, icon: FileArchive },
];

const NOT_CONFIGURED_HINTS: Partial<Record<Provider, string>> = {
  gmail: ACCOUNT_LABELS.gmailNotConfiguredHint,
  outlook: MICROSOFT_LABELS.notConfiguredHint,
};

type AddAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Choose a provider, then fill its form (spec part 1 section 2). */
export function AddAccountDialog({ open, onOpenChange }: AddAccountDialogProps) {
  // Live outside the dialog's content so a popup that answers after the dialog closed is still heard.
  const gmail = useGmailConnect({ onConnected: () => onOpenChange(false) });
  const microsoft = useMicrosoftConnect({ onConnected: () => onOpenChange(false) });
  const [locked, setLocked] = useState(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // An upload in progress is cancelled from its own button, not by a stray click or Escape.
        if (!next && locked) return;
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <AddAccountFlow gmail={gmail} microsoft={microsoft} onDone={() => onOpenChange(false)} onLockChange={setLocked} />
      </DialogContent>
    </Dialog>
  );
}

type Connect = { connect: (emailAddress: string) => void; busy: boolean };

type AddAccountFlowProps = {
  gmail: Connect;
  microsoft: Connect;
  onDone: () => void;
  onLockChange: (locked: boolean) => void;
};

/** Unknown (still asking, or the question failed) counts as ready: the connect flow checks again before the provider's page. */
function setupOf(clientId: UseQueryResult<string | null>): OAuthSetup {
  if (clientId.isPending) return 'checking';
  return clientId.isSuccess && clientId.data === null ? 'missing' : 'ready';
}

/** The dialog's content; its state (the chosen provider, the forms) starts afresh each time the dialog opens. */
function AddAccountFlow({ gmail, microsoft, onDone, onLockChange }: AddAccountFlowProps) {
  const [provider, setProvider] = useState<Provider | null>(null);
  const back = () => setProvider(null);
  const choice = CHOICES.find((candidate) => candidate.provider === provider);
  const setups: Partial<Record<Provider, OAuthSetup>> = { gmail: setupOf(useGmailClientId()), outlook: setupOf(useMicrosoftClientId()) };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ACCOUNT_LABELS.addAccount}</DialogTitle>
        <DialogDescription>{choice ? `${choice.name}: ${choice.hint}` : ACCOUNT_LABELS.addDialogDescription}</DialogDescription>
      </DialogHeader>
      {provider === null ? <ProviderChoice onChoose={setProvider} setups={setups} /> : null}
      {provider === 'gmail' ? <GmailForm connect={gmail.connect} busy={gmail.busy} onBack={back} setup={setups.gmail ?? 'ready'} /> : null}
      {provider === 'outlook' ? (
        <MicrosoftForm connect={microsoft.connect} busy={microsoft.busy} onBack={back} setup={setups.outlook ?? 'ready'} />
      ) : null}
      {provider === 'exchange' ? <ExchangeForm onConnected={onDone} onBack={back} /> : null}
      {provider === 'mbox' ? <MailboxImportForm onImported={onDone} onBack={back} onBusyChange={onLockChange} /> : null}
    </>
  );
}

function ProviderChoice({ onChoose, setups }: { onChoose: (provider: Provider) => void; setups: Partial<Record<Provider, OAuthSetup>> }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{ACCOUNT_LABELS.chooseProvider}</legend>
      {CHOICES.map(({ provider, name, hint, icon: Icon }) => (
        <button
          key={provider}
          type="button"
          onClick={() => onChoose(provider)}
          className={cn(
            'group flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none',
            'hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">{name}</span>
            <span className="block text-xs text-muted-foreground">
              {setups[provider] === 'missing' ? NOT_CONFIGURED_HINTS[provider] : hint}
            </span>
          </span>
          <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </button>
      ))}
    </fieldset>
  );
}
