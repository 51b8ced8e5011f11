import { SETTINGS_LABELS } from '@penman/contract';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { useAccountInfo } from '../api/account-info.ts';
import { SettingsSection } from './settings-section.tsx';
import { describeStorage } from './settings-view.ts';

const L = SETTINGS_LABELS.accountInfo;

/** A value not loaded yet: a bar on the value's line. */
const pending = <span className="inline-block h-4 w-36 max-w-full animate-pulse rounded bg-muted align-middle" />;

/** A storage detail of the usual length: its line is held (unseen) while loading, wrapped as it will be. */
const TYPICAL_STORAGE_DETAIL = '00.0 MB of mail and data, 00.0 KB of files';

/**
 * The account at a glance. Its rows are drawn from the first paint, values pending, so the
 * sections below do not move when the values arrive (they did, by the list's height).
 */
export function AccountInfoSection() {
  const info = useAccountInfo();
  const data = info.data;
  if (!data && info.isError) {
    return (
      <Section>
        <p className="text-sm text-destructive">{info.error.message}</p>
      </Section>
    );
  }
  const storage = data ? describeStorage(data.storage) : null;
  return (
    <Section>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]" aria-busy={!data}>
        <dt className="text-muted-foreground">{L.created}</dt>
        <dd>{data ? formatDateTime(data.createdAt) : pending}</dd>
        <dt className="text-muted-foreground">{L.lastSignIn}</dt>
        <dd>{data ? formatDateTime(data.lastSignInAt) : pending}</dd>
        <dt className="text-muted-foreground">{L.connectedMailboxes}</dt>
        <dd data-testid="connected-mailboxes">{data ? data.connectedMailboxes : pending}</dd>
        <dt className="text-muted-foreground">{L.storageUsed}</dt>
        <dd>
          {storage ? <span className="font-medium">{storage.total}</span> : pending}
          <span className={cn('block text-xs text-muted-foreground', !storage && 'invisible')}>
            {storage?.detail ?? TYPICAL_STORAGE_DETAIL}. {L.storageHint}
          </span>
        </dd>
        <dt className="text-muted-foreground">{L.plan}</dt>
        <dd>
          {/* The badge's own box while loading: a bar on a text line is shorter than the badge. */}
          <Badge variant="secondary" className={data ? undefined : 'w-20 animate-pulse'}>
            {data ? data.plan : '\u00a0'}
          </Badge>
        </dd>
      </dl>
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <SettingsSection id="account-info" title={SETTINGS_LABELS.sections.accountInfo} description={L.description}>
      {children}
    </SettingsSection>
  );
}
