import { CONTACT_MESSAGES, type Contact, DASHBOARD_LABELS, type InteractionFrequency } from '@penman/contract';
import { CircleAlert, Inbox, MailPlus, RefreshCw, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCompanies } from '../api/get-companies.ts';
import { useContacts } from '../api/get-contacts.ts';
import { useFirstAccount } from '../api/get-first-account.ts';
import { useReprocessContacts } from '../api/reprocess-contacts.ts';
import { ContactDetailDialog } from './contact-detail-dialog.tsx';
import { ContactList, ContactsPagination } from './contact-list.tsx';
import { ContactsToolbar } from './contacts-toolbar.tsx';
import { type ContactFilters, emptyKind, listQuery, showFilters } from './contacts-view.ts';
import { CONTACT_LABELS } from './labels.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** The Contacts screen (spec part 2 section 2): the contact book of the user's first email account. */
export function ContactsScreen() {
  const account = useFirstAccount();
  const accountId = account.data?.id;
  const reprocess = useReprocessContacts();

  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [company, setCompany] = useState('');
  const [strength, setStrength] = useState<InteractionFrequency | ''>('');
  const filters: ContactFilters = { search: search.trim(), company, strength };

  // The page index belongs to one search + filters: any change of them (or a reprocess) starts at page 1.
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key: filtersKey, page: 0 });
  if (paging.key !== filtersKey) setPaging({ key: filtersKey, page: 0 });
  const page = paging.key === filtersKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filtersKey, page: next });

  const contacts = useContacts(accountId, listQuery(filters, page));
  const companies = useCompanies(accountId);
  useEffect(() => {
    // A company list failure is only logged (spec part 2 section 8).
    if (companies.error) console.warn('Could not load the companies of the contacts', companies.error);
  }, [companies.error]);

  const [selected, setSelected] = useState<Contact | null>(null);

  // A list failure empties the list and the count and disables next-page (spec).
  const rows = contacts.isError ? [] : (contacts.data?.contacts ?? []);
  const total = contacts.isError ? 0 : (contacts.data?.pagination.totalCount ?? 0);
  const shownContact = selected ? (rows.find((row) => row.id === selected.id) ?? selected) : null;

  const onReprocess = () => {
    if (!accountId) {
      toast.error(CONTACT_MESSAGES.errorToastTitle, { description: CONTACT_MESSAGES.noAccountSelected });
      return;
    }
    reprocess.mutate(accountId, {
      onSuccess: () => {
        setPage(0);
        toast.success(CONTACT_MESSAGES.reprocessSucceededTitle, { description: CONTACT_MESSAGES.reprocessSucceeded });
      },
      onError: (error) =>
        toast.error(CONTACT_MESSAGES.reprocessFailedTitle, { description: error.message.trim() || CONTACT_MESSAGES.reprocessFailed }),
    });
  };

  const clearFilters = () => {
    setCompany('');
    setStrength('');
  };
  const clearAllFilters = () => {
    clearFilters();
    setSearchInput('');
  };

  const header = (
    <PageHeader
      title={DASHBOARD_LABELS.pageTitles.contacts}
      description={
        // The address arrives after the first paint: its line and a phone-wide minimum are held from the start, so
        // its arrival neither pushes the page down nor wraps the button below the title (it moved 68 px on a phone).
        <span className="block min-w-64">{account.data?.emailAddress ?? '\u00a0'}</span>
      }
      actions={
        <Button onClick={onReprocess} disabled={account.isPending || reprocess.isPending} aria-busy={reprocess.isPending}>
          {reprocess.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          {reprocess.isPending ? CONTACT_LABELS.reprocessing : CONTACT_MESSAGES.reprocess}
        </Button>
      }
    />
  );

  if (account.isPending) {
    return (
      <>
        {header}
        <LoadingContacts />
      </>
    );
  }
  if (account.isError || account.data === null) {
    return (
      <>
        {header}
        <ErrorBox message={account.isError ? account.error.message : CONTACT_MESSAGES.noAccountError} />
        {account.data === null ? (
          <EmptyState
            icon={MailPlus}
            title={CONTACT_MESSAGES.noAccount}
            action={
              <Button asChild variant="outline">
                <Link to="/dashboard/email-accounts">{CONTACT_LABELS.goToAccounts}</Link>
              </Button>
            }
          />
        ) : null}
      </>
    );
  }

  let body: ReactNode;
  if (contacts.isError) body = <ErrorBox message={contacts.error.message} />;
  else if (contacts.isPending) body = <LoadingContacts />;
  else if (rows.length === 0) body = <NoContacts kind={emptyKind(filters)} onClearAllFilters={clearAllFilters} />;
  else body = <ContactList contacts={rows} onOpen={setSelected} busy={contacts.isPlaceholderData} />;

  return (
    <>
      {header}
      <ContactsToolbar
        searchInput={searchInput}
        onSearchInput={setSearchInput}
        filters={filters}
        showFilters={showFilters(filters, total)}
        companies={companies.data ?? []}
        onCompany={setCompany}
        onStrength={setStrength}
        onClearFilters={clearFilters}
        shown={rows.length}
        total={total}
      />
      {body}
      {total > 0 || page > 0 ? (
        <ContactsPagination page={page} shown={rows.length} total={total} onPage={setPage} disableNext={contacts.isPlaceholderData} />
      ) : null}
      <ContactDetailDialog contact={shownContact} onOpenChange={(open) => (open ? undefined : setSelected(null))} />
    </>
  );
}

function LoadingContacts() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-xl border bg-card px-6 py-12 text-sm text-muted-foreground"
    >
      <Spinner />
      {CONTACT_MESSAGES.loading}
    </div>
  );
}

function ErrorBox({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-4 flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-medium">{CONTACT_MESSAGES.errorTitle}</p>
        <p className="break-words opacity-90">{message}</p>
      </div>
    </div>
  );
}

function NoContacts({ kind, onClearAllFilters }: { kind: ReturnType<typeof emptyKind>; onClearAllFilters: () => void }) {
  if (kind === 'filters') {
    return (
      <EmptyState
        icon={SearchX}
        title={CONTACT_MESSAGES.noFilterMatches}
        action={
          <Button variant="outline" onClick={onClearAllFilters}>
            {CONTACT_MESSAGES.clearAllFilters}
          </Button>
        }
      />
    );
  }
  if (kind === 'search') return <EmptyState icon={SearchX} title={CONTACT_MESSAGES.noSearchMatches} />;
  return (
    <EmptyState icon={Inbox} title={CONTACT_MESSAGES.noContacts}>
      {CONTACT_LABELS.reprocessHint}
    </EmptyState>
  );
}
