import { ACCOUNT_LABELS, type EmailAccount, MICROSOFT_LABELS } from '@penman/contract';
import { FileWarning, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Separator } from '@/components/ui/separator.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { formatRelativeTime } from '@/lib/relative-time.ts';
import { AccountStatusSwitch } from './account-status-switch.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { DownloadCapsForm } from './download-caps-form.tsx';
import { formatCount } from './format.ts';
import { InitializationPanel } from './initialization-panel.tsx';
import { OAuthReconnectButton } from './oauth-reconnect-button.tsx';
import { OwnerAddressesSection } from './owner-addresses-section.tsx';
import { PROVIDER_ICONS, PROVIDER_NAMES } from './provider.ts';
import { ReconnectDialog } from './reconnect-dialog.tsx';
import { RepliesSection } from './replies-section.tsx';
import { StyleCorpusCard } from './style-corpus-card.tsx';
import { Alert } from './ui/alert.tsx';
import { GMAIL_CONNECT } from './use-gmail-connect.ts';
import { MICROSOFT_CONNECT } from './use-microsoft-connect.ts';
import { useOAuthConnect } from './use-oauth-connect.ts';

/** One connected mailbox: identity, switch and delete, counts, the user's addresses, replies, initialization, style corpus and caps. */
export function AccountCard({ account, now }: { account: EmailAccount; now: number }) {
  const titleId = useId();
  const Icon = PROVIDER_ICONS[account.provider];
  const displayName = account.displayName && account.displayName !== account.emailAddress ? account.displayName : null;
  // Here, not in the warning: the server clears the error (and the warning goes) before the popup
  // reports back. A card's provider never changes, so the hook always gets the same flow.
  const reconnect = useOAuthConnect<'GMAIL' | 'MICROSOFT'>(account.provider === 'gmail' ? GMAIL_CONNECT : MICROSOFT_CONNECT, {
    onConnected: () => undefined,
  });

  return (
    <article aria-labelledby={titleId} className="rounded-xl border bg-card text-card-foreground shadow-sm">
      <header className="flex flex-wrap items-start gap-x-4 gap-y-3 p-5">
        <div className="flex min-w-0 flex-1 basis-64 items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
                {account.emailAddress}
              </h2>
              <Badge variant="outline" className="whitespace-nowrap">
                {PROVIDER_NAMES[account.provider]}
              </Badge>
              {account.provider === 'mbox' ? <Badge variant="secondary">{ACCOUNT_LABELS.readOnly}</Badge> : null}
            </div>
            <p className="mt-0.5 truncate text-sm text-muted-foreground">
              {displayName ? <>{displayName} · </> : null}
              {ACCOUNT_LABELS.lastSync}{' '}
              {account.lastSyncAt ? (
                <time dateTime={account.lastSyncAt} title={formatDateTime(account.lastSyncAt)}>
                  {formatRelativeTime(account.lastSyncAt, now)}
                </time>
              ) : (
                ACCOUNT_LABELS.never.toLowerCase()
              )}
            </p>
          </div>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <AccountStatusSwitch account={account} />
          <DeleteAccountDialog account={account} />
        </div>
      </header>

      {account.lastSyncError ? (
        <div className="px-5 pb-4">
          <Alert variant="warning" icon={TriangleAlert}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{account.lastSyncError}</span>
              {account.provider === 'exchange' ? <ReconnectDialog account={account} /> : null}
              {account.provider === 'gmail' || account.provider === 'outlook' ? (
                <OAuthReconnectButton
                  connect={() => void reconnect.connect(account.emailAddress)}
                  busy={reconnect.busy}
                  waitingLabel={account.provider === 'gmail' ? ACCOUNT_LABELS.waitingForGoogle : MICROSOFT_LABELS.waiting}
                />
              ) : null}
            </div>
          </Alert>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-px overflow-hidden border-y bg-border sm:grid-cols-4">
        <Stat label={ACCOUNT_LABELS.emailsDownloaded} value={account.emailsDownloadedCount} />
        <Stat label={ACCOUNT_LABELS.sentItems} value={account.outgoingEmailsCount} />
        <Stat label={ACCOUNT_LABELS.received} value={account.incomingEmailsCount} />
        <Stat label={ACCOUNT_LABELS.contacts} value={account.contactsCount} />
      </dl>
      {account.messagesTruncated > 0 ? (
        <p className="flex items-center gap-2 border-b px-5 py-2.5 text-sm text-muted-foreground">
          <FileWarning className="size-4 shrink-0" aria-hidden="true" />
          {ACCOUNT_LABELS.messagesTruncated(account.messagesTruncated, formatCount(account.messagesTruncated))}
        </p>
      ) : null}

      <div className="border-b p-5">
        <OwnerAddressesSection account={account} />
      </div>
      <div className="border-b p-5">
        <RepliesSection
          account={account}
          reconnect={{ connect: () => void reconnect.connect(account.emailAddress), busy: reconnect.busy }}
        />
      </div>

      <div className="grid gap-4 p-5 lg:grid-cols-2">
        <InitializationPanel account={account} />
        <StyleCorpusCard account={account} />
      </div>
      <Separator />
      <div className="p-5">
        <DownloadCapsForm account={account} />
      </div>
    </article>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 bg-card px-5 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}
