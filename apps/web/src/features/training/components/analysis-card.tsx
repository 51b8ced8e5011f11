import { TRAINING_LABELS, TRAINING_MESSAGES, type TrainingAnalysis, type TrainingOverview, type TrainingSession } from '@penman/contract';
import { BrainCircuit, CircleAlert, CircleCheck, FileText, Info, LoaderCircle, Scissors, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { type AnalysisStatusTone, analysisStatus, trainingGuidance } from './analysis-status.ts';
import { EmailTopics } from './email-topics.tsx';
import type { Enablement } from './enablement.ts';
import { TrainingHistory } from './training-history.tsx';

type AnalysisCardProps = {
  overview: TrainingOverview | undefined;
  topics: TrainingAnalysis | null | undefined;
  sessions: TrainingSession[];
  historyFailed: boolean;
  deletingSessionId: string | null;
  enablement: Enablement;
  training: boolean;
  pruning: boolean;
  canPrune: boolean;
  onShowReport: () => void;
  onTrain: () => void;
  onPrune: () => void;
  onDeleteSession: (session: TrainingSession) => void;
};

const TONE_STYLES: Record<AnalysisStatusTone, { icon: typeof Info; className: string }> = {
  idle: { icon: Info, className: 'bg-muted text-foreground' },
  busy: { icon: LoaderCircle, className: 'bg-accent text-accent-foreground' },
  success: { icon: CircleCheck, className: 'bg-emerald-50 text-emerald-800' },
  error: { icon: CircleAlert, className: 'bg-destructive/5 text-destructive' },
};

/** Card 'Outgoing Email Analysis Training': status, guidance, Train Model, the report, prune, topics and history. */
export function AnalysisCard(props: AnalysisCardProps) {
  const { overview, enablement } = props;
  const titleId = useId();
  const statusId = useId();
  const status = overview ? analysisStatus(overview, props.training) : null;
  const guidance = overview ? trainingGuidance(overview.outgoingEmailsCount) : null;
  const tone = status ? TONE_STYLES[status.tone] : null;
  const StatusIcon = tone?.icon ?? Info;

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <CardTitle id={titleId}>{TRAINING_MESSAGES.analysisCardTitle}</CardTitle>
        <CardDescription>{TRAINING_LABELS.analysisCardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <section className={cn('rounded-lg px-4 py-3', tone?.className ?? 'bg-muted')} aria-labelledby={statusId}>
          <h3 id={statusId} className="text-xs font-medium opacity-80">
            {TRAINING_MESSAGES.emailAnalysisStatus}
          </h3>
          {status ? (
            <>
              <p className="mt-1 flex items-center gap-2 text-base font-semibold" aria-live="polite">
                <StatusIcon className={cn('size-4 shrink-0', status.tone === 'busy' && 'animate-spin')} aria-hidden="true" />
                {status.label}
              </p>
              {status.detail ? <p className="mt-0.5 text-sm opacity-90 break-words">{status.detail}</p> : null}
            </>
          ) : (
            <Spinner className="mt-2" />
          )}
        </section>

        {guidance ? (
          <p
            className={cn(
              'flex items-start gap-2 rounded-lg border px-4 py-3 text-sm',
              guidance.kind === 'none' ? 'bg-muted/60' : 'border-amber-300 bg-warning text-warning-foreground',
            )}
          >
            {guidance.kind === 'none' ? (
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            {guidance.text}
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button onClick={props.onTrain} disabled={!enablement.trainModel} aria-busy={props.training}>
            {props.training ? <Spinner /> : <BrainCircuit aria-hidden="true" />}
            {TRAINING_MESSAGES.trainModel}
          </Button>
          <Button variant="outline" onClick={props.onShowReport} disabled={!enablement.showReport}>
            <FileText aria-hidden="true" />
            {TRAINING_MESSAGES.showStyleReport}
          </Button>
          <Button variant="ghost" className="sm:ml-auto" onClick={props.onPrune} disabled={!props.canPrune} aria-busy={props.pruning}>
            {props.pruning ? <Spinner /> : <Scissors aria-hidden="true" />}
            {props.pruning ? TRAINING_LABELS.pruning : TRAINING_LABELS.pruneOutgoing}
          </Button>
        </div>
        {enablement.upToDate ? <p className="-mt-2 text-xs text-muted-foreground">{TRAINING_LABELS.upToDate}</p> : null}

        {props.topics ? <EmailTopics analysis={props.topics} /> : null}

        <TrainingHistory
          sessions={props.sessions}
          failed={props.historyFailed}
          deletingId={props.deletingSessionId}
          onDelete={props.onDeleteSession}
        />
      </CardContent>
    </Card>
  );
}
