import { CONTACT_MESSAGES, type Contact } from '@penman/contract';
import { BarChart3, NotebookPen, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { initials } from '@/lib/initials.ts';
import { cn } from '@/lib/utils.ts';
import { ContactAnalyticsTab } from './contact-analytics-tab.tsx';
import { contactHeader } from './contact-display.ts';
import { ContactNotesTab } from './contact-notes-tab.tsx';
import { ContactOverviewTab } from './contact-overview-tab.tsx';
import { INLINE_EDITOR_ATTRIBUTE } from './inline-edit-field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';

type ContactDetailDialogProps = { contact: Contact | null; onOpenChange: (open: boolean) => void };

/**
 * The dialog's frame: on a phone a full-screen sheet (nothing beside or beyond the screen's edges),
 * from `sm` up a centred dialog of one fixed height, so switching tabs never makes it jump. Header
 * and tab list stay put; only the tab's content scrolls.
 */
const FRAME = cn(
  'flex flex-col gap-0 overflow-hidden p-0',
  'max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0 max-sm:animate-fade-in',
  'sm:h-[min(40rem,calc(100svh-2rem))] sm:max-w-2xl',
);

/** The contact detail dialog (spec part 2 section 2): header, then Overview, Analytics and Notes & Topics. */
export function ContactDetailDialog({ contact, onOpenChange }: ContactDetailDialogProps) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className={FRAME}
        // Escape in an inline editor cancels that edit; it does not close the dialog.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof Element && event.target.closest(`[${INLINE_EDITOR_ATTRIBUTE}]`)) event.preventDefault();
        }}
      >
        {contact ? <ContactDetail contact={contact} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const TAB_CONTENT = 'mt-0 content-start';

function ContactDetail({ contact }: { contact: Contact }) {
  const { title, address, named } = contactHeader(contact);
  const role = [contact.companyName, contact.jobTitle].filter(Boolean).join(' · ');
  return (
    <>
      <DialogHeader className="flex-row items-center gap-3 px-4 pt-5 pr-12 pb-4 sm:gap-4 sm:px-6 sm:pt-6">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-base font-semibold text-primary sm:size-14 sm:text-lg"
        >
          {initials(title)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {/* An address as the title wraps at any character; a name only between words. */}
            <DialogTitle className={cn('min-w-0', named ? 'break-words' : 'text-lg break-all')}>{title}</DialogTitle>
            <Badge variant={contact.isInternal ? 'default' : 'secondary'}>
              {contact.isInternal ? CONTACT_MESSAGES.internal : CONTACT_MESSAGES.external}
            </Badge>
          </div>
          {/* The address under the name; a contact known by its address alone shows it once, as the title. */}
          {address ? <DialogDescription className="break-all">{address}</DialogDescription> : null}
          {role ? <p className="mt-0.5 text-sm break-words text-muted-foreground">{role}</p> : null}
        </div>
      </DialogHeader>
      <Tabs defaultValue="overview" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="px-4 sm:px-6">
          <TabsList>
            <TabsTrigger value="overview">
              <UserRound aria-hidden="true" />
              {CONTACT_MESSAGES.tabs.overview}
            </TabsTrigger>
            <TabsTrigger value="analytics">
              <BarChart3 aria-hidden="true" />
              {CONTACT_MESSAGES.tabs.analytics}
            </TabsTrigger>
            <TabsTrigger value="notes">
              <NotebookPen aria-hidden="true" />
              {CONTACT_MESSAGES.tabs.notes}
            </TabsTrigger>
          </TabsList>
        </div>
        {/* The one scrolling part: the dialog keeps its size whichever tab is open. */}
        <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto px-4 pt-4 pb-5 sm:px-6 sm:pb-6" data-slot="contact-tab-scroller">
          <TabsContent value="overview" className={TAB_CONTENT}>
            <ContactOverviewTab contact={contact} />
          </TabsContent>
          <TabsContent value="analytics" className={TAB_CONTENT}>
            <ContactAnalyticsTab contact={contact} />
          </TabsContent>
          <TabsContent value="notes" className={TAB_CONTENT}>
            <ContactNotesTab contact={contact} />
          </TabsContent>
        </div>
      </Tabs>
    </>
  );
}
