import { MARKETING_FIGURES } from '@penman/contract';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading.tsx';

const LEARNING_STEPS = [
  {
    title: 'Initial training on your email history',
    text: 'your sent mail becomes a style profile: greetings, sign-offs, tone and typical phrases, per contact.',
  },
  {
    title: 'Continuous learning from approvals and edits',
    text: 'every draft you approve, change or reject teaches it what you would have written.',
  },
  { title: 'Knowledge base enhancement', text: 'the documents you upload give it your facts, prices and policies to quote.' },
  { title: 'Smart attachments', text: 'it learns which files you send for which questions and suggests them with the draft.' },
];

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'What does Penman do?',
    answer: `Penman watches the mailboxes you connect and drafts a reply to each new email in your own voice, in under ${MARKETING_FIGURES.draftSeconds} seconds. You review every draft: approve it, edit it, reject it, or send a Buy Time reply that promises a full answer within ${MARKETING_FIGURES.buyTimeHours} hours.`,
  },
  {
    question: 'How does Penman learn my writing style?',
    answer: (
      <>
        <p>It learns in four steps:</p>
        <ol className="mt-3 grid list-decimal gap-2 pl-5">
          {LEARNING_STEPS.map((step) => (
            <li key={step.title}>
              <span className="font-medium text-foreground">{step.title}</span>: {step.text}
            </li>
          ))}
        </ol>
      </>
    ),
  },
  {
    question: 'What happens with complex requests, such as discounts?',
    answer:
      'Complex requests such as discounts are flagged for human review. Penman does not promise prices, refunds or exceptions on its own: it prepares what it can and marks the email so that you decide.',
  },
  {
    question: 'Does it work with shared inboxes?',
    answer:
      'Yes. In shared inboxes an email is marked completed once someone approves a reply, so the rest of the team sees it is handled and nobody answers twice.',
  },
  {
    question: 'Which email platforms are supported?',
    answer: 'Gmail, Outlook, Yahoo Mail and IMAP/SMTP providers. You can also import an mbox export of an older mailbox.',
  },
  {
    question: 'How accurate are the drafts?',
    answer: `Drafts reach ${MARKETING_FIGURES.accuracy} accuracy once Penman has learned from your sent mail, and they keep improving with every edit. Because you approve every reply, nothing goes out that you have not seen.`,
  },
  {
    question: 'Is my email data secure?',
    answer: `Penman is self-hosted: your mail, contacts and files stay in your own PostgreSQL database and on your own disk. Mailbox passwords and OAuth tokens are encrypted with ${MARKETING_FIGURES.encryption}, and the only cookie is the one that keeps you signed in.`,
  },
  {
    question: 'How much does it cost?',
    answer:
      'Penman is free during the private beta, with no credit card. Waitlist members get priority access and early-bird pricing; the plans below start at $0 and every paid plan comes with a 30-day free trial and a 14-day money-back guarantee.',
  },
];

export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" id="faq" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 divide-y rounded-2xl border bg-card shadow-xs">
          {QUESTIONS.map((item) => (
            <details key={item.question} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-5 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                <h3>{item.question}</h3>
                <ChevronDown className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <div className="pb-5 text-slate-700">{item.answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
