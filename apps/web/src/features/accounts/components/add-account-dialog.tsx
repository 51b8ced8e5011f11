import { ACCOUNT_LABELS, ACCOUNT_MESSAGES } from '@penman/contract';
import { Building2, ChevronRight, FileArchive, type LucideIcon, Mail, MailX } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/utils.ts';
import { useGmailClientId } from '../api/get-gmail-client-id.ts';
import { ExchangeForm } from './exchange-form.tsx';
import { GmailForm, type GmailSetup } from './gmail-form.tsx';
import { MailboxImportForm } from './mailbox-import-form.tsx';
import { useGmailConnect } from './use-gmail-connect.ts';

type Provider = 'gmail' | 'exchange' | 'mbox';

const CHOICES: { provider: Provider | 'outlook'; name: string; hint: string; icon: LucideIcon }[] = [
  { provider: 'gmail', name: ACCOUNT_LABELS.providers.gmail, hint: ACCOUNT_LABELS.providerHints.gmail, icon: Mail },
  { provider: 'exchange', name: ACCOUNT_LABELS.providers.exchange, hint: ACCOUNT_LABELS.providerHints.exchange, icon: Building2 },
  { provider: 'mbox', name: ACCOUNT_LABELS.importProvider, hint: ACCOUNT_LABELS.providerHints.mbox, icon: FileArchive },
  { provider: 'outlook', name: ACCOUNT_LABELS.providers.outlook, hint: ACCOUNT_LABELS.providerHints.outlook, icon: MailX },
];

type AddAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Choose a provider, then fill its form (spec part 1 section 2). */
export function AddAccountDialog({ open, onOpenChange }: AddAccountDialogProps) {
  // Lives outside the dialog's content so a popup that answers after the dialog closed is still heard.
  const gmail = useGmailConnect({ onConnected: () => onOpenChange(false) });
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
        <AddAccountFlow gmail={gmail} onDone={() => onOpenChange(false)} onLockChange={setLocked} />
      </DialogContent>
    </Dialog>
  );
}

type AddAccountFlowProps = {
  gmail: ReturnType<typeof useGmailConnect>;
  onDone: () => void;
  onLockChange: (locked: boolean) => void;
};

/** The dialog's content; its state (the chosen provider, the forms) starts afresh each time the dialog opens. */
function AddAccountFlow({ gmail, onDone, onLockChange }: AddAccountFlowProps) {
  const [provider, setProvider] = useState<Provider | null>(null);
  const back = () => setProvider(null);
  const choice = CHOICES.find((candidate) => candidate.provider === provider);
  const clientId = useGmailClientId();
  // Unknown (still asking, or the question failed): the connect flow checks again before Google's page.
  const gmailSetup: GmailSetup = clientId.isPending ? 'checking' : clientId.isSuccess && clientId.data === null ? 'missing' : 'ready';

  return (
    <>
      <DialogHeader>
        <DialogTitle>{ACCOUNT_LABELS.addAccount}</DialogTitle>
        <DialogDescription>{choice ? `${choice.name}: ${choice.hint}` : ACCOUNT_LABELS.addDialogDescription}</DialogDescription>
      </DialogHeader>
      {provider === null ? <ProviderChoice onChoose={setProvider} gmailSetup={gmailSetup} /> : null}
      {provider === 'gmail' ? <GmailForm connect={gmail.connect} busy={gmail.busy} onBack={back} setup={gmailSetup} /> : null}
      {provider === 'exchange' ? <ExchangeForm onConnected={onDone} onBack={back} /> : null}
      {provider === 'mbox' ? <MailboxImportForm onImported={onDone} onBack={back} onBusyChange={onLockChange} /> : null}
    </>
  );
}

function ProviderChoice({ onChoose, gmailSetup }: { onChoose: (provider: Provider) => void; gmailSetup: GmailSetup }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{ACCOUNT_LABELS.chooseProvider}</legend>
      {CHOICES.map(({ provider, name, hint, icon: Icon }) => {
        const comingSoon = provider === 'outlook';
        return (
          <button
            key={provider}
            type="button"
            disabled={comingSoon}
            onClick={comingSoon ? undefined : () => onChoose(provider)}
            className={cn(
              'group flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors outline-none',
              'hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring',
              'disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:border-border disabled:hover:bg-card',
            )}
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">{name}</span>
              {comingSoon ? null : (
                <span className="block text-xs text-muted-foreground">
                  {provider === 'gmail' && gmailSetup === 'missing' ? ACCOUNT_LABELS.gmailNotConfiguredHint : hint}
                </span>
              )}
            </span>
            {comingSoon ? (
              <Badge variant="secondary">{ACCOUNT_MESSAGES.outlookComingSoon}</Badge>
            ) : (
              <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
