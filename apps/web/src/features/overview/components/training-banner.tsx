import { OVERVIEW_LABELS, TRAINING_STATUS_LABELS, type TrainingStatus } from '@penman/contract';
import { CircleAlert, CircleCheck, Clock, LoaderCircle, type LucideIcon, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';
import { overallTrainingStatus } from './overall-training-status.ts';

type Banner = { icon: LucideIcon; tone: string; startTraining?: boolean };

const BANNERS: Record<TrainingStatus, Banner> = {
  completed: { icon: CircleCheck, tone: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
  in_progress: { icon: LoaderCircle, tone: 'border-sky-200 bg-sky-50 text-sky-900' },
  not_started: { icon: Clock, tone: 'border-amber-200 bg-amber-50 text-amber-900' },
  failed: { icon: CircleAlert, tone: 'border-destructive/30 bg-destructive/5 text-destructive', startTraining: true },
  ready: { icon: Sparkles, tone: 'border-primary/25 bg-accent text-accent-foreground', startTraining: true },
};

const REGION = 'flex flex-wrap items-center gap-4 rounded-xl border px-5 py-4';

/**
 * The training status over all accounts, titled with the same words the Training screen and the
 * Style Corpus card use for that status; nothing when there are no accounts. While the accounts
 * load (`statuses` undefined), its loading state in the banner's place: the overview draws the
 * cards below once the status is known, so the banner's arrival does not push them away from a
 * pointer (a click on "Upload documents" missed in CI).
 */
export function TrainingBanner({ statuses }: { statuses: readonly TrainingStatus[] | undefined }) {
  if (statuses === undefined) {
    return (
      <section aria-label={OVERVIEW_LABELS.trainingRegion} className={cn(REGION, 'bg-card text-muted-foreground')}>
        {/* As tall as the banner's title and sentence. */}
        <p role="status" className="flex min-h-11 items-center gap-3 text-sm">
          <Spinner className="size-6 text-primary" />
          {OVERVIEW_LABELS.trainingLoading}
        </p>
      </section>
    );
  }
  const status = overallTrainingStatus(statuses);
  if (!status) return null;
  const { icon: Icon, tone, startTraining } = BANNERS[status];
  return (
    <section aria-label={OVERVIEW_LABELS.trainingRegion} className={cn(REGION, tone)}>
      <Icon className={cn('size-6 shrink-0', status === 'in_progress' && 'animate-spin')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{TRAINING_STATUS_LABELS[status]}</h2>
        <p className="text-sm opacity-85">{OVERVIEW_LABELS.trainingBanner[status]}</p>
      </div>
      {startTraining ? (
        <Link to="/dashboard/email-accounts" className={buttonVariants()}>
          {OVERVIEW_LABELS.startTraining}
        </Link>
      ) : null}
    </section>
  );
}
