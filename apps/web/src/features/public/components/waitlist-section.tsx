import { PUBLIC_LABELS, waitlistFigure } from '@penman/contract';
import { CircleCheck, Gift, Rocket, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useWaitlistCount } from '../api/waitlist-count.ts';
import { WaitlistForm } from './waitlist-form.tsx';

const PERKS = [
  { icon: Gift, text: 'Free during the beta, no credit card' },
  { icon: Sparkles, text: 'Early-bird pricing when plans start' },
  { icon: Rocket, text: 'Priority access as spots open' },
];

/** The landing page's waitlist form (#waitlist); 'You're on the list!' once joined. */
export function WaitlistSection() {
  const count = useWaitlistCount();
  const [joined, setJoined] = useState(false);

  return (
    <section aria-labelledby="waitlist-title" id="waitlist" className="scroll-mt-20 bg-indigo-950 py-20 text-white sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-200 uppercase">Private beta</p>
          <h2 id="waitlist-title" className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
            {PUBLIC_LABELS.waitlistSection}
          </h2>
          <p className="mt-4 text-lg text-indigo-100">
            {waitlistFigure(count)} people are already waiting. Add your name and we will let you in as soon as a spot opens.
          </p>
          <ul className="mt-8 grid gap-3">
            {PERKS.map((perk) => (
              <li key={perk.text} className="flex items-center gap-3 text-indigo-50">
                <span className="flex size-8 items-center justify-center rounded-lg bg-white/10">
                  <perk.icon className="size-4" aria-hidden="true" />
                </span>
                {perk.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-card p-6 text-card-foreground shadow-2xl sm:p-8">
          {joined ? (
            <div className="grid justify-items-center gap-3 py-8 text-center" role="status">
              <CircleCheck className="size-12 text-primary" aria-hidden="true" />
              <h3 className="text-2xl font-semibold tracking-tight">{PUBLIC_LABELS.landingSuccessTitle}</h3>
              <p className="max-w-sm text-slate-700">
                Thanks for joining. We will email you as soon as your spot opens, with your early-bird pricing.
              </p>
            </div>
          ) : (
            <>
              <h3 className="mb-6 text-xl font-semibold tracking-tight">Reserve your spot</h3>
              <WaitlistForm variant="landing" onJoined={() => setJoined(true)} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
