import { ANALYTICS_LABELS, type EmailAccount } from '@penman/contract';
import { useId } from 'react';
import { ALL_ACCOUNTS } from './selection.ts';

type AccountSelectorProps = { accounts: EmailAccount[]; value: string; onChange: (value: string) => void };

/** Which account the screen shows: one of them, or all of them together. */
export function AccountSelector({ accounts, value, onChange }: AccountSelectorProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {ANALYTICS_LABELS.accountSelector}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 min-w-64 max-w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {accounts.length > 1 ? <option value={ALL_ACCOUNTS}>{ANALYTICS_LABELS.allAccounts}</option> : null}
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.emailAddress}
          </option>
        ))}
      </select>
    </div>
  );
}
