import { STYLE_LABELS, STYLE_MESSAGES, type StyleProfile } from '@penman/contract';
import { CircleAlert, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { StyleReport } from './style-report.tsx';

type StyleReportDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account the report is about (shown under the title). */
  accountEmail: string | null;
  /** The stored profile; null when none exists yet, undefined while it loads. */
  profile: StyleProfile | null | undefined;
  isPending: boolean;
  error: Error | null;
};

/**
 * The Style Corpus Analysis dialog (spec part 2 section 2): the report, or its loading, error
 * ('Error loading style profile: ...') and 'No Style Profile Available' states. The caller fetches.
 */
export function StyleReportDialog({ open, onOpenChange, accountEmail, profile, isPending, error }: StyleReportDialogProps) {
  let body: ReactNode;
  if (error) {
    body = (
      <Notice icon={CircleAlert} tone="error">
        {STYLE_MESSAGES.loadError(error.message)}
      </Notice>
    );
  } else if (isPending || profile === undefined) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
        <Spinner />
        {STYLE_LABELS.loading}
      </div>
    );
  } else if (profile === null) {
    body = (
      <Notice icon={FileQuestion} title={STYLE_MESSAGES.noProfileTitle}>
        {STYLE_MESSAGES.noProfile}
      </Notice>
    );
  } else {
    body = <StyleReport profile={profile} />;
  }

  const description = [accountEmail, profile ? STYLE_LABELS.basedOn(profile.sampleSize) : null].filter(Boolean).join(' · ');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>{STYLE_MESSAGES.reportTitle}</DialogTitle>
          <DialogDescription>{description || STYLE_LABELS.description}</DialogDescription>
        </DialogHeader>
        {body}
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">{STYLE_LABELS.close}</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Notice({
  icon: Icon,
  tone = 'default',
  title,
  children,
}: {
  icon: typeof CircleAlert;
  tone?: 'default' | 'error';
  title?: string;
  children: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'
          : 'flex gap-3 rounded-lg border bg-muted/60 px-4 py-3 text-sm'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {title ? <p className="font-medium">{title}</p> : null}
        <p className="break-words opacity-90">{children}</p>
      </div>
    </div>
  );
}
