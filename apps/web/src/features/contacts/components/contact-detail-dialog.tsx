import { CONTACT_MESSAGES, type Contact } from '@penman/contract';
import { BarChart3, NotebookPen, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { initials } from '@/lib/initials.ts';
import { ContactAnalyticsTab } from './contact-analytics-tab.tsx';
import { detailDisplayName } from './contact-display.ts';
import { ContactNotesTab } from './contact-notes-tab.tsx';
import { ContactOverviewTab } from './contact-overview-tab.tsx';
import { INLINE_EDITOR_ATTRIBUTE } from './inline-edit-field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs.tsx';

type ContactDetailDialogProps = { contact: Contact | null; onOpenChange: (open: boolean) => void };

/** The contact detail dialog (spec part 2 section 2): header, then Overview, Analytics and Notes & Topics. */
export function ContactDetailDialog({ contact, onOpenChange }: ContactDetailDialogProps) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl gap-5"
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

function ContactDetail({ contact }: { contact: Contact }) {
  const name = detailDisplayName(contact);
  const role = [contact.companyName, contact.jobTitle].filter(Boolean).join(' · ');
  return (
    <>
      <DialogHeader className="flex-row items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/10 text-lg font-semibold text-primary"
        >
          {initials(name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle className="min-w-0 truncate">{name}</DialogTitle>
            <Badge variant={contact.isInternal ? 'default' : 'secondary'}>
              {contact.isInternal ? CONTACT_MESSAGES.internal : CONTACT_MESSAGES.external}
            </Badge>
          </div>
          {/* Announced always; shown only when the name is not the address itself. */}
          <DialogDescription className={name === contact.emailAddress ? 'sr-only' : 'truncate'}>{contact.emailAddress}</DialogDescription>
          {role ? <p className="mt-0.5 truncate text-sm text-muted-foreground">{role}</p> : null}
        </div>
      </DialogHeader>
      <Tabs defaultValue="overview" className="min-w-0">
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
        {/* One height for the three tabs, so the dialog does not jump when switching. */}
        <TabsContent value="overview" className="min-h-80 content-start">
          <ContactOverviewTab contact={contact} />
        </TabsContent>
        <TabsContent value="analytics" className="min-h-80 content-start">
          <ContactAnalyticsTab contact={contact} />
        </TabsContent>
        <TabsContent value="notes" className="min-h-80 content-start">
          <ContactNotesTab contact={contact} />
        </TabsContent>
      </Tabs>
    </>
  );
}
