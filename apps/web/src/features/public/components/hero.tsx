import { MARKETING_FIGURES, PUBLIC_LABELS, waitlistFigure } from '@penman/contract';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { useWaitlistCount } from '../api/waitlist-count.ts';
import { DemoCarousel } from './demo-carousel.tsx';

const STATS = [
  { value: MARKETING_FIGURES.accuracy, label: 'accuracy' },
  { value: MARKETING_FIGURES.speed, label: 'faster replies' },
  { value: `<${MARKETING_FIGURES.draftSeconds}s`, label: 'per draft' },
  { value: `${MARKETING_FIGURES.hoursSavedDaily}h`, label: 'saved daily' },
];

/** Scrolls to the waitlist form and puts the cursor in its first field. */
export function scrollToWaitlist() {
  const section = document.getElementById('waitlist');
  if (!section) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  section.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
}

export function Hero() {
  const count = useWaitlistCount();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-background to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-28 pb-16 sm:px-6 sm:pt-32 lg:grid-cols-[1.05fr_1fr] lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-card px-3 py-1 text-xs font-medium text-indigo-800 shadow-xs">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
            Private beta · {MARKETING_FIGURES.encryption} encryption · Self-hosted
          </p>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Email replies drafted <span className="text-primary">in your own voice</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-slate-700 lg:mx-0">
            Penman reads your incoming mail, learns how you write from what you have sent, and drafts each reply in under{' '}
            {MARKETING_FIGURES.draftSeconds} seconds, with the right attachment. You approve, edit or reject every one.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <button
              type="button"
              className={buttonVariants({ size: 'lg', className: 'h-11 w-full px-7 sm:w-auto' })}
              onClick={scrollToWaitlist}
            >
              {PUBLIC_LABELS.joinWaitlist}
            </button>
            <a href="#how-it-works" className={buttonVariants({ variant: 'outline', size: 'lg', className: 'h-11 w-full px-7 sm:w-auto' })}>
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Join {waitlistFigure(count)} professionals on the waitlist. Free during the beta, no credit card.
          </p>
          <dl className="mx-auto mt-10 grid max-w-xl grid-cols-2 gap-4 sm:grid-cols-4 lg:mx-0">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-xl border bg-card/80 px-3 py-3 text-center shadow-xs">
                <dt className="text-xs text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-semibold tracking-tight text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <DemoCarousel />
      </div>
    </section>
  );
}
