import { MARKETING_FIGURES } from '@penman/contract';
import { CheckCheck, GraduationCap, Inbox, PenLine } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const STEPS = [
  {
    icon: Inbox,
    title: 'Connect your mailbox',
    text: 'Gmail, Outlook, Yahoo Mail or any IMAP/SMTP provider. Penman downloads your mail into your own database and builds a contact book from it.',
  },
  {
    icon: GraduationCap,
    title: 'It learns how you write',
    text: 'Initial training on your email history: greetings, sign-offs, tone and phrasing, per contact. Add documents to its knowledge base to teach it your facts.',
  },
  {
    icon: PenLine,
    title: 'Drafts arrive for review',
    text: `Each new email gets a reply drafted in under ${MARKETING_FIGURES.draftSeconds} seconds: a full response with the right attachment, or a polite holding reply.`,
  },
  {
    icon: CheckCheck,
    title: 'You stay in control',
    text: 'Approve, edit or reject. Nothing is sent without you, and every approval and edit makes the next draft closer to what you would write.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" id="how-it-works" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="From inbox to approved reply in four steps"
          lead={`Set it up once. Then answer in seconds what used to take minutes, and get ${MARKETING_FIGURES.hoursSavedDaily} hours of your day back.`}
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <p className="absolute top-6 right-6 text-sm font-semibold text-slate-600" aria-hidden="true">
                0{i + 1}
              </p>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
