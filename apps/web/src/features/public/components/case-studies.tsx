import { Briefcase, Headphones, Store, TrendingUp } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const CASES = [
  {
    icon: Headphones,
    audience: 'Customer support teams',
    title: 'Order questions answered before the coffee gets cold',
    text: 'A five-person support team gets the same twenty questions every day. Penman drafts answers from their help-centre articles and return policy; agents approve most with one click and spend their time on the hard cases.',
    result: '3x faster first replies',
  },
  {
    icon: TrendingUp,
    audience: 'Sales teams',
    title: 'Every lead gets a reply while it is still warm',
    text: 'Account executives receive pricing and product questions around the clock. Penman answers with the current price list and the right brochure attached; discount requests are flagged for a human to decide.',
    result: 'Drafts in under 10 seconds',
  },
  {
    icon: Store,
    audience: 'Small business owners',
    title: 'The inbox stops eating the evening',
    text: 'A shop owner answering supplier and customer mail after closing time lets Penman prepare the replies during the day. Anything that needs a decision gets a polite Buy Time reply instead of silence.',
    result: '3+ hours saved daily',
  },
  {
    icon: Briefcase,
    audience: 'Professional services',
    title: 'Client mail that sounds like the partner wrote it',
    text: 'Accountants, lawyers and consultants keep their tone with each client. Penman learns how each relationship is addressed and drafts accordingly, attaching engagement letters and checklists from the knowledge base.',
    result: "95% accuracy in each client's tone",
  },
];

export function CaseStudies() {
  return (
    <section aria-labelledby="case-studies-title" id="case-studies" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="case-studies-title"
          eyebrow="Case studies"
          title="Made for people who live in their inbox"
          lead="How teams and owners use Penman to answer faster without sounding like a robot."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {CASES.map((item) => (
            <li key={item.audience} className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
              <p className="flex items-center gap-2 text-sm font-semibold text-primary">
                <item.icon className="size-5" aria-hidden="true" />
                {item.audience}
              </p>
              <h3 className="mt-4 text-xl font-semibold tracking-tight">{item.title}</h3>
              <p className="mt-3 flex-1 text-slate-700">{item.text}</p>
              <p className="mt-6 inline-flex self-start rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
                {item.result}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
