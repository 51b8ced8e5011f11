import { ACCOUNT_LABELS, type EmailAccount, OVERVIEW_LABELS } from '@penman/contract';
import { Mail, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { OverviewCard } from './overview-card.tsx';

const SHOWN = 3;
const L = OVERVIEW_LABELS.connectAccounts;

/** The connected accounts, three of them then '+N more', with a way to add one. */
export function ConnectAccountsCard({ accounts }: { accounts: EmailAccount[] | undefined }) {
  const shown = accounts?.slice(0, SHOWN) ?? [];
  const more = (accounts?.length ?? 0) - shown.length;
  return (
    <OverviewCard icon={Mail} title={L.title} description={L.description}>
      {accounts === undefined ? (
        <div className="h-16 animate-pulse rounded-md bg-muted" />
      ) : accounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{L.empty}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={ACCOUNT_LABELS.accountsList}>
          {shown.map((account) => (
            <li key={account.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate font-medium" title={account.emailAddress}>
                {account.emailAddress}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{ACCOUNT_LABELS.providers[account.provider]}</span>
            </li>
          ))}
          {more > 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">{L.more(more)}</li> : null}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to="/dashboard/email-accounts" className={buttonVariants({ size: 'sm' })}>
          <Plus aria-hidden="true" />
          {L.add}
        </Link>
        {accounts?.length ? (
          <Link to="/dashboard/email-accounts" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
            {L.manage}
          </Link>
        ) : null}
      </div>
    </OverviewCard>
  );
}
