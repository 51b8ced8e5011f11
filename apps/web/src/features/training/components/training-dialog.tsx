import { type AnalyzeStyleResponse, formatCount, TRAINING_FIGURES, TRAINING_LABELS, TRAINING_MESSAGES } from '@penman/contract';
import { CircleAlert, CircleCheck, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { ErrorToast } from './errors.ts';

export type TrainingRun = { status: 'running' } | { status: 'done'; result: AnalyzeStyleResponse } | ({ status: 'failed' } & ErrorToast);

type TrainingDialogProps = {
  run: TrainingRun | null;
  onOpenChange: (open: boolean) => void;
  onViewReport: () => void;
};

/** The training dialog of Train Model: the analysis while it runs, then its result (or why it failed). */
export function TrainingDialog({ run, onOpenChange, onViewReport }: TrainingDialogProps) {
  return (
    <Dialog open={run !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TRAINING_MESSAGES.trainModel}</DialogTitle>
          <DialogDescription>{TRAINING_LABELS.trainingDialogDescription}</DialogDescription>
        </DialogHeader>
        {run?.status === 'running' ? (
          <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
            <Spinner className="size-8 text-primary" />
            <p className="text-sm font-medium">{TRAINING_LABELS.analyzingEmails}</p>
            <p className="text-xs text-muted-foreground">{TRAINING_LABELS.analyzingHint}</p>
          </div>
        ) : null}
        {run?.status === 'done' ? (
          <div role="status" className="space-y-4">
            <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
              <CircleCheck className="size-5" aria-hidden="true" />
              {TRAINING_LABELS.reportReady}
            </p>
            <dl className="grid gap-2">
              <Figure figure={TRAINING_FIGURES.sampleSize} value={run.result.sampleSize} />
              <Figure figure={TRAINING_FIGURES.emailsAnalyzed} value={run.result.emailsAnalyzed} />
              <Figure figure={TRAINING_FIGURES.totalEmailsAvailable} value={run.result.profile.totalEmailsAvailable} />
            </dl>
          </div>
        ) : null}
        {run?.status === 'failed' ? (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium">{run.title}</p>
              <p className="break-words opacity-90">{run.description}</p>
            </div>
          </div>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{TRAINING_LABELS.close}</Button>
          </DialogClose>
          {run?.status === 'done' ? (
            <Button onClick={onViewReport}>
              <FileText aria-hidden="true" />
              {TRAINING_LABELS.viewReport}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** One figure of the analysis, with what it counts under it (the same words as the status line and the report). */
function Figure({ figure, value }: { figure: { label: string; counts: string }; value: number }) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 rounded-lg border bg-background/60 px-4 py-2.5">
      <dt className="text-sm font-medium">{figure.label}</dt>
      <dd className="row-span-2 text-xl font-semibold tabular-nums">{formatCount(value)}</dd>
      <dd className="text-xs text-muted-foreground">{figure.counts}</dd>
    </div>
  );
}
