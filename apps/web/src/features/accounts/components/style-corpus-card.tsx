import { ACCOUNT_LABELS, type EmailAccount } from '@penman/contract';
import { FileText, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { formatDate, formatDateTime } from '@/lib/date-format.ts';

/** Pending or Ready, when the style profile was last generated, and View details (spec part 2 section 2). */
export function StyleCorpusCard({ account }: { account: Pick<EmailAccount, 'emailAddress' | 'styleProfileGeneratedAt'> }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
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

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{generatedAt ? ACCOUNT_LABELS.styleCorpusAnalysis : ACCOUNT_LABELS.noStyleProfileTitle}</DialogTitle>
            <DialogDescription>
              {generatedAt
                ? `${account.emailAddress} · ${ACCOUNT_LABELS.lastGenerated(formatDateTime(generatedAt))}`
                : ACCOUNT_LABELS.noStyleProfile}
            </DialogDescription>
          </DialogHeader>
          {generatedAt ? <p className="text-sm text-muted-foreground">{ACCOUNT_LABELS.styleProfileLater}</p> : null}
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="outline">{ACCOUNT_LABELS.close}</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
