import { ACCOUNT_LABELS, type EmailAccount } from '@penman/contract';
import { FileText, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { StyleReportDialog } from '@/components/style-report/style-report-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDate } from '@/lib/date-format.ts';
import { useStyleProfile } from '../api/get-style-profile.ts';

/** Pending or Ready, when the style profile was last generated, and View details: the Style Corpus Analysis report (spec part 2 section 2). */
export function StyleCorpusCard({ account }: { account: Pick<EmailAccount, 'id' | 'emailAddress' | 'styleProfileGeneratedAt'> }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const profile = useStyleProfile(account.id, open);
  const generatedAt = account.styleProfileGeneratedAt;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-background/60 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {ACCOUNT_LABELS.styleCorpus}
        </h3>
        <Badge variant={generatedAt ? 'default' : 'secondary'}>{generatedAt ? ACCOUNT_LABELS.ready : ACCOUNT_LABELS.pending}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {generatedAt ? ACCOUNT_LABELS.lastGenerated(formatDate(generatedAt)) : ACCOUNT_LABELS.notGeneratedYet}
      </p>
      <div>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          <FileText aria-hidden="true" />
          {ACCOUNT_LABELS.viewDetails}
        </Button>
      </div>

      <StyleReportDialog
        open={open}
        onOpenChange={setOpen}
        accountEmail={account.emailAddress}
        profile={profile.data}
        isPending={profile.isPending}
        error={profile.error}
      />
    </section>
  );
}
