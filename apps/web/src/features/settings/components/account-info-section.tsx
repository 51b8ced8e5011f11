import { SETTINGS_LABELS } from '@penman/contract';
import { Badge } from '@/components/ui/badge.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { useAccountInfo } from '../api/account-info.ts';
import { SettingsSection } from './settings-section.tsx';
import { describeStorage } from './settings-view.ts';

const L = SETTINGS_LABELS.accountInfo;

export function AccountInfoSection() {
  const info = useAccountInfo();
  const data = info.data;
  return (
    <SettingsSection id="account-info" title={SETTINGS_LABELS.sections.accountInfo} description={L.description}>
      {!data ? (
        info.isError ? (
          <p className="text-sm text-destructive">{info.error.message}</p>
        ) : (
          <Spinner />
        )
      ) : (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{L.created}</dt>
          <dd>{formatDateTime(data.createdAt)}</dd>
          <dt className="text-muted-foreground">{L.lastSignIn}</dt>
          <dd>{formatDateTime(data.lastSignInAt)}</dd>
          <dt className="text-muted-foreground">{L.connectedMailboxes}</dt>
          <dd data-testid="connected-mailboxes">{data.connectedMailboxes}</dd>
          <dt className="text-muted-foreground">{L.storageUsed}</dt>
          <dd>
            <span className="font-medium">{describeStorage(data.storage).total}</span>
            <span className="block text-xs text-muted-foreground">
              {describeStorage(data.storage).detail}. {L.storageHint}
            </span>
          </dd>
          <dt className="text-muted-foreground">{L.plan}</dt>
          <dd>
            <Badge variant="secondary">{data.plan}</Badge>
          </dd>
        </dl>
      )}
    </SettingsSection>
  );
}
