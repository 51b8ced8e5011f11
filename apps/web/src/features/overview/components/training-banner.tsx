import { OVERVIEW_LABELS } from '@penman/contract';
import { CircleCheck, Clock, LoaderCircle, type LucideIcon, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { type OverallTrainingStatus, overallTrainingStatus } from './overall-training-status.ts';

type Banner = {
  text: (typeof OVERVIEW_LABELS.trainingBanner)[keyof typeof OVERVIEW_LABELS.trainingBanner];
  icon: LucideIcon;
  tone: string;
  startTraining?: boolean;
};

const BANNERS: Record<OverallTrainingStatus, Banner> = {
  completed: {
    text: OVERVIEW_LABELS.trainingBanner.completed,
    icon: CircleCheck,
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  },
  in_progress: { text: OVERVIEW_LABELS.trainingBanner.in_progress, icon: LoaderCircle, tone: 'border-sky-200 bg-sky-50 text-sky-900' },
  not_started: { text: OVERVIEW_LABELS.trainingBanner.queued, icon: Clock, tone: 'border-amber-200 bg-amber-50 text-amber-900' },
  failed: {
    text: OVERVIEW_LABELS.trainingBanner.ready,
    icon: Sparkles,
    tone: 'border-primary/25 bg-accent text-accent-foreground',
    startTraining: true,
  },
  ready: {
    text: OVERVIEW_LABELS.trainingBanner.ready,
    icon: Sparkles,
    tone: 'border-primary/25 bg-accent text-accent-foreground',
    startTraining: true,
  },
};

/** The training status over all accounts; nothing when there are no accounts. */
export function TrainingBanner({ statuses }: { statuses: readonly string[] }) {
  const status = overallTrainingStatus(statuses);
  if (!status) return null;
  const { text, icon: Icon, tone, startTraining } = BANNERS[status];
  return (
    <section
      aria-label={OVERVIEW_LABELS.trainingRegion}
      className={cn('flex flex-wrap items-center gap-4 rounded-xl border px-5 py-4', tone)}
    >
      <Icon className={cn('size-6 shrink-0', status === 'in_progress' && 'animate-spin')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{text.title}</h2>
        <p className="text-sm opacity-85">{text.body}</p>
      </div>
      {startTraining ? (
        <Link to="/dashboard/email-accounts" className={buttonVariants()}>
          {OVERVIEW_LABELS.startTraining}
        </Link>
      ) : null}
    </section>
  );
}
