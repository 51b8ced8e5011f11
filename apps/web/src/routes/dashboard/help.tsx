import { HELP_LABELS } from '@penman/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { QUEUE_SHORTCUTS } from '@/features/drafts/components/queue-keyboard.ts';
import { HelpScreen } from '@/features/help/components/help-screen.tsx';
import { ContactDialog } from '@/features/public/components/contact-dialog.tsx';

// The queue's real keys, named by the help labels: the page cannot list a key the queue lacks.
const SHORTCUTS = (Object.keys(QUEUE_SHORTCUTS) as (keyof typeof QUEUE_SHORTCUTS)[]).map((action) => ({
  key: QUEUE_SHORTCUTS[action],
  name: HELP_LABELS.shortcutNames[action],
}));

export function Component() {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <>
      <PageHeader title={HELP_LABELS.title} description={HELP_LABELS.intro} />
      <HelpScreen
        shortcuts={SHORTCUTS}
        version={__PENMAN_VERSION__}
        contact={
          <>
            <Button variant="outline" onClick={() => setContactOpen(true)}>
              {HELP_LABELS.contactButton}
            </Button>
            <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
          </>
        }
      />
    </>
  );
}
