import { ACCOUNT_LABELS, type EmailAccount, TRAINING_STATUS_LABELS } from '@penman/contract';
import { FileText, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { StyleReportDialog } from '@/components/style-report/style-report-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDate } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { useStyleProfile } from '../api/get-style-profile.ts';

type StyleCorpusAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'styleProfileGeneratedAt' | 'trainingStatus' | 'trainingError'>;

/**
 * Pending or Ready, when the style profile was last generated, and View details: the Style Corpus
 * Analysis report (spec part 2 section 2). Ready means the profile exists (the server's status is
 * then completed, or in progress while it is trained again); the status is written in the words
 * the dashboard and the Training screen use for it.
 */
export function StyleCorpusCard({ account }: { account: StyleCorpusAccount }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const profile = useStyleProfile(account.id, open);
  const generatedAt = account.styleProfileGeneratedAt;
  const ready = generatedAt !== null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-background/60 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {ACCOUNT_LABELS.styleCorpus}
        </h3>
        <Badge variant={ready ? 'default' : 'secondary'}>{ready ? ACCOUNT_LABELS.ready : ACCOUNT_LABELS.pending}</Badge>
      </div>
      <div className="text-sm">
        <p className={cn('font-medium', account.trainingStatus === 'failed' && 'text-destructive')}>
          {TRAINING_STATUS_LABELS[account.trainingStatus]}
          {account.trainingStatus === 'failed' && account.trainingError ? `: ${account.trainingError}` : null}
        </p>
        <p className="text-muted-foreground">
          {generatedAt ? ACCOUNT_LABELS.lastGenerated(formatDate(generatedAt)) : ACCOUNT_LABELS.notGeneratedYet}
        </p>
      </div>
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
