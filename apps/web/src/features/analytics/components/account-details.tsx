import { ACCOUNT_LABELS, ANALYTICS_LABELS, type EmailAccount, UI_LOCALE } from '@penman/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatRelativeTime } from '@/lib/relative-time.ts';
import { accountCounterRows } from './account-counters.ts';

const L = ANALYTICS_LABELS.details;
const dateFormat = new Intl.DateTimeFormat(UI_LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const formatDate = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 'Invalid date' : dateFormat.format(time);
};

function LastSync({ at, now }: { at: string | null; now: number }) {
  if (!at) return <>{L.never}</>;
  return (
    <time dateTime={at} title={new Date(at).toLocaleString(UI_LOCALE)}>
      {formatRelativeTime(at, now)}
    </time>
  );
}

/** The selected account's identity and counters; for all accounts, one line each. */
export function AccountDetails({ accounts, now }: { accounts: EmailAccount[]; now: number }) {
  if (accounts.length !== 1) {
    return (
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">{L.accounts}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y text-sm">
            {accounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 truncate font-medium">{account.emailAddress}</span>
                <span className="text-muted-foreground">
                  {L.emailCount(account.totalEmailsCountActual)} · {L.lastSync} <LastSync at={account.lastSyncAt} now={now} />
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    );
  }
  const account = accounts[0]!;
  const rows: [string, React.ReactNode][] = [
    [L.provider, ACCOUNT_LABELS.providers[account.provider]],
    [L.status, account.isActive ? L.active : L.suspended],
    [L.lastSync, <LastSync key="sync" at={account.lastSyncAt} now={now} />],
    [
      L.dateRange,
      account.dateRangeStart && account.dateRangeEnd
        ? `${formatDate(account.dateRangeStart)} – ${formatDate(account.dateRangeEnd)}`
        : L.noMail,
    ],
  ];
  const counters = accountCounterRows(account);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{L.title}</CardTitle>
        <p className="truncate text-sm text-muted-foreground">{account.displayName || account.emailAddress}</p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
          {counters.map(({ label, value, counts }) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
              {counts ? <dd className="col-span-2 -mt-2 text-xs text-muted-foreground">{counts}</dd> : null}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
