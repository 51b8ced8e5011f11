import { CONTACT_MESSAGES, type Contact } from '@penman/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { initials } from '@/lib/initials.ts';
import { cn } from '@/lib/utils.ts';
import { displayedStatistics, listDisplayName } from './contact-display.ts';
import { canGoNext, canGoPrevious, paginationText } from './contacts-view.ts';
import { FrequencyBadge } from './frequency-badge.tsx';
import { CONTACT_LABELS } from './labels.ts';

type ContactListProps = { contacts: Contact[]; onOpen: (contact: Contact) => void; busy: boolean };

/** One page of contacts; each row is a button that opens the detail dialog. */
export function ContactList({ contacts, onOpen, busy }: ContactListProps) {
  return (
    <ul
      aria-label={CONTACT_LABELS.contactsList}
      aria-busy={busy}
      className={cn('divide-y overflow-hidden rounded-xl border bg-card shadow-sm transition-opacity', busy && 'opacity-60')}
    >
      {contacts.map((contact) => (
        <li key={contact.id}>
          <ContactRow contact={contact} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function ContactRow({ contact, onOpen }: { contact: Contact; onOpen: (contact: Contact) => void }) {
  const name = listDisplayName(contact);
  const stats = displayedStatistics(contact);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => onOpen(contact)}
      className="flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors outline-none hover:bg-accent/50 focus-visible:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset md:gap-4"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
      >
        {initials(name)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{name}</span>
        {/* A contact known only by its address shows it once. */}
        {name === contact.emailAddress ? null : (
          <span className="block truncate text-sm text-muted-foreground">{contact.emailAddress}</span>
        )}
        {/* Narrow screens: the company and the counts the spec lists per row, on a line of their own. */}
        <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground md:hidden" data-slot="contact-row-details">
          <span className="max-w-full truncate">{contact.companyName ?? CONTACT_LABELS.none}</span>
          <span className="tabular-nums">
            {formatCount(stats.emailsSent)} {CONTACT_LABELS.sent} · {formatCount(stats.emailsReceived)} {CONTACT_LABELS.received}
          </span>
        </span>
      </span>
      <span className="hidden w-44 truncate text-sm text-muted-foreground md:block">{contact.companyName ?? CONTACT_LABELS.none}</span>
      <span className="hidden shrink-0 gap-5 text-center md:flex">
        <Count label={CONTACT_LABELS.sent} value={stats.emailsSent} />
        <Count label={CONTACT_LABELS.received} value={stats.emailsReceived} />
      </span>
      <span className="flex shrink-0 justify-end md:w-20">
        <FrequencyBadge frequency={stats.interactionFrequency} />
      </span>
    </button>
  );
}

const formatCount = (value: number) => value.toLocaleString('en-US');

function Count({ label, value }: { label: string; value: number }) {
  return (
    <span className="grid w-16">
      <span className="text-sm font-semibold tabular-nums">{formatCount(value)}</span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </span>
  );
}

type PaginationProps = { page: number; shown: number; total: number; onPage: (page: number) => void; disableNext?: boolean };

/** Previous / Next and 'Page N • Showing X of Y total contacts'. */
export function ContactsPagination({ page, shown, total, onPage, disableNext = false }: PaginationProps) {
  return (
    <nav aria-label={CONTACT_LABELS.pagination} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">{paginationText(page, shown, total)}</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!canGoPrevious(page)} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {CONTACT_MESSAGES.previous}
        </Button>
        <Button variant="outline" size="sm" disabled={disableNext || !canGoNext(page, shown, total)} onClick={() => onPage(page + 1)}>
          {CONTACT_MESSAGES.next}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
