import { DELIVERY_LABELS, DELIVERY_MODES, type DeliveryMode, type EmailAccount, MICROSOFT_LABELS } from '@penman/contract';
import { CircleAlert, FileArchive, Mail, RotateCcw, Send, ServerCog } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDeliverySettings, useUpdateDeliverySettings } from '../api/delivery-settings.ts';
import { repliesSection } from './smtp-form.ts';
import { SmtpSettingsForm } from './smtp-settings-form.tsx';
import { toastFailure } from './toasts.ts';
import { Alert } from './ui/alert.tsx';

const L = DELIVERY_LABELS.account;

type RepliesAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'provider'>;
/** The card's Google consent: the card keeps it, since this alert goes as soon as the new scopes arrive, maybe before the popup reports back. */
type GmailReconnectAction = { connect: () => void; busy: boolean };

/**
 * The account card's "Replies": what Approve does (Save to Drafts or Send), the SMTP settings of an
 * IMAP account (where a Microsoft account's replies go), a reconnect for Gmail connected read-only,
 * and a plain word for an imported file.
 */
export function RepliesSection({ account, reconnect }: { account: RepliesAccount; reconnect: GmailReconnectAction }) {
  const headingId = useId();
  const settings = useDeliverySettings(account.id);

  let content: React.ReactNode;
  if (settings.isPending) {
    content = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {L.loading}
      </p>
    );
  } else if (settings.isError) {
    content = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        <CircleAlert className="size-4" aria-hidden="true" />
        {L.loadFailed} {settings.error.message}
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
          <RotateCcw aria-hidden="true" />
          {L.retry}
        </Button>
      </div>
    );
  } else {
    const shown = repliesSection(settings.data, account.provider);
    content = (
      <>
        {shown.imported ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <FileArchive className="size-4 shrink-0" aria-hidden="true" />
            {L.imported}
          </p>
        ) : null}
        {shown.reconnect ? <GmailReconnect reconnect={reconnect} /> : null}
        {shown.modes ? <ModeChoice accountId={account.id} mode={settings.data.mode} /> : null}
        {shown.smtp && settings.data.smtp ? <SmtpSettingsForm accountId={account.id} smtp={settings.data.smtp} /> : null}
        {shown.microsoftSmtp && settings.data.smtp ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <ServerCog className="size-4 shrink-0" aria-hidden="true" />
            {MICROSOFT_LABELS.smtpThrough(settings.data.smtp.host, settings.data.smtp.port)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="min-w-0">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <Send className="size-4 text-primary" aria-hidden="true" />
          {L.title}
        </h3>
        <p className="text-xs text-muted-foreground">{L.description}</p>
      </div>
      {content}
    </section>
  );
}

/** Save to Drafts (the default) or Send, saved as soon as it is chosen. */
function ModeChoice({ accountId, mode }: { accountId: string; mode: DeliveryMode }) {
  const name = useId();
  const update = useUpdateDeliverySettings();
  // The choice shows in the same render as the click (the mutation's own pending state arrives a
  // tick later, and a controlled radio would flip back meanwhile); settled, the saved mode shows.
  const [chosen, setChosen] = useState<DeliveryMode | null>(null);
  const choose = (next: DeliveryMode) => {
    setChosen(next);
    update.mutate(
      { accountId, changes: { mode: next } },
      {
        onSuccess: () => toast.success(L.saved),
        onError: (error) => toastFailure(L.saveFailed, error),
        onSettled: () => setChosen(null),
      },
    );
  };
  const checked = chosen ?? mode;
  return (
    <fieldset className="grid gap-2" aria-busy={update.isPending}>
      <legend className="mb-1 flex items-center gap-2 text-sm font-medium">
        {L.mode}
        {update.isPending ? <Spinner /> : null}
      </legend>
      {DELIVERY_MODES.map((option) => (
        <label key={option} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={option}
            checked={checked === option}
            disabled={update.isPending}
            onChange={() => choose(option)}
            aria-describedby={`${name}-${option}-hint`}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span className="grid">
            <span className="font-medium">
              {L.modes[option]}{' '}
              {option === 'save_to_drafts' ? <span className="font-normal text-muted-foreground">{L.modeDefault}</span> : null}
            </span>
            <span id={`${name}-${option}-hint`} className="text-xs text-muted-foreground">
              {L.modeHints[option]}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Gmail connected with read-only access: replies need the compose permission, granted by connecting again. */
function GmailReconnect({ reconnect }: { reconnect: GmailReconnectAction }) {
  return (
    <Alert variant="warning" icon={Mail}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{L.gmailNoCompose}</span>
        <Button size="sm" variant="outline" disabled={reconnect.busy} onClick={reconnect.connect}>
          {reconnect.busy ? <Spinner /> : null}
          {reconnect.busy ? L.reconnecting : L.reconnect}
        </Button>
      </div>
    </Alert>
  );
}
