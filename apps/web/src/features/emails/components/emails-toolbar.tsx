import { EMAIL_MESSAGES, EMAIL_SEARCH_MAX_CHARS } from '@penman/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { useAccountOptions } from '../api/get-email-accounts.ts';

type EmailsToolbarProps = {
  accountId: string | undefined;
  search: string | undefined;
  onAccountChange: (accountId: string | undefined) => void;
  onSearch: (search: string | undefined) => void;
};

/** The account filter and the search box; a search runs only when the user presses Enter (spec). */
export function EmailsToolbar({ accountId, search, onAccountChange, onSearch }: EmailsToolbarProps) {
  const accounts = useAccountOptions();
  const searchId = useId();
  const hintId = useId();
  const accountSelectId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' && value.trim() ? value.trim() : undefined);
  };

  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      {/* key: the box shows the submitted search again when it changes from outside (back, clear). */}
      <search className="min-w-0 flex-1">
        <form onSubmit={submit} key={search ?? ''}>
          <label htmlFor={searchId} className="sr-only">
            {EMAIL_MESSAGES.searchLabel}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              name="q"
              type="search"
              defaultValue={search ?? ''}
              maxLength={EMAIL_SEARCH_MAX_CHARS}
              placeholder={EMAIL_MESSAGES.searchPlaceholder}
              enterKeyHint="search"
              autoComplete="off"
              aria-describedby={hintId}
              className="pl-9"
            />
          </div>
          <p id={hintId} className="mt-1 text-xs text-muted-foreground">
            {EMAIL_MESSAGES.searchHint}
          </p>
        </form>
      </search>
      {/* sm:pb-5: the select lines up with the search box, not with the hint under it. */}
      <div className="flex flex-col gap-1.5 sm:w-72 sm:pb-5">
        <label htmlFor={accountSelectId} className="text-xs font-medium text-muted-foreground">
          {EMAIL_MESSAGES.accountFilterLabel}
        </label>
        <select
          id={accountSelectId}
          value={accountId ?? ''}
          onChange={(event) => onAccountChange(event.target.value || undefined)}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <option value="">{EMAIL_MESSAGES.allAccounts}</option>
          {accounts.data?.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
