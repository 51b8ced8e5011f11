import { PRICING_PLANS, PRICING_PROMISES, PUBLIC_LABELS } from '@penman/contract';
import { Check } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { scrollToWaitlist } from './hero.tsx';
import { SectionHeading } from './section-heading.tsx';

export function PricingSection() {
  return (
    <section aria-labelledby="pricing-title" id="pricing" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with your inbox"
          lead="Free during the private beta. Join the waitlist to lock in early-bird pricing."
        />
        <ul aria-label="Guarantees" className="mx-auto mt-8 flex max-w-3xl flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-700">
          {PRICING_PROMISES.map((promise) => (
            <li key={promise} className="flex items-center gap-1.5">
              <Check className="size-4 text-primary" aria-hidden="true" />
              {promise}
            </li>
          ))}
        </ul>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {PRICING_PLANS.map((plan) => (
            <li
              key={plan.id}
              className={`relative flex flex-col rounded-2xl border bg-card p-6 shadow-xs ${plan.mostPopular ? 'border-primary ring-2 ring-primary' : ''}`}
            >
              {plan.mostPopular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground">
                  {PUBLIC_LABELS.mostPopular}
                </p>
              ) : null}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-3 flex flex-wrap items-baseline gap-x-1">
                <span className="text-3xl font-semibold tracking-tight whitespace-nowrap">{plan.price}</span>
                <span className="text-sm text-slate-600">/month</span>
              </p>
              <ul className="mt-6 grid flex-1 content-start gap-2.5 text-sm text-slate-700">
                {plan.limits.map((limit) => (
                  <li key={limit} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {limit}
                  </li>
                ))}
              </ul>
              {plan.contactSales ? (
                // Spec: Contact Sales has no handler.
                <button type="button" className={buttonVariants({ variant: 'outline', className: 'mt-8 w-full' })}>
                  {PUBLIC_LABELS.contactSales}
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonVariants({ variant: plan.mostPopular ? 'default' : 'outline', className: 'mt-8 w-full' })}
                  onClick={scrollToWaitlist}
                  aria-label={`${PUBLIC_LABELS.joinWaitlist} for the ${plan.name} plan`}
                >
                  {PUBLIC_LABELS.joinWaitlist}
                </button>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-slate-600">
          All plans include a 30-day free trial with no credit card required. Cancel anytime; paid plans have a 14-day money-back guarantee.
        </p>
      </div>
    </section>
  );
}
