import { MARKETING_FIGURES } from '@penman/contract';
import { BookOpen, Clock, Contact, Flag, Lock, Paperclip, Users, Wand2 } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const FEATURES = [
  {
    icon: Wand2,
    title: 'Replies in your own voice',
    text: `A writing-style profile built from your sent mail, so drafts sound like you, with ${MARKETING_FIGURES.accuracy} accuracy.`,
  },
  {
    icon: Clock,
    title: 'Full Response or Buy Time',
    text: `A complete answer when Penman has what it needs; otherwise a holding reply that promises a full one within ${MARKETING_FIGURES.buyTimeHours} hours.`,
  },
  {
    icon: BookOpen,
    title: 'Knowledge base',
    text: 'Upload price lists, policies and FAQs (PDF, Word, text or Markdown). Drafts quote your facts instead of guessing.',
  },
  {
    icon: Paperclip,
    title: 'Smart attachments',
    text: 'Keep the files you send most often in one place; Penman suggests the right one with each draft.',
  },
  {
    icon: Flag,
    title: 'Human review where it matters',
    text: 'Complex requests, such as discounts, are flagged for human review instead of being answered automatically.',
  },
  {
    icon: Users,
    title: 'Built for shared inboxes',
    text: 'Teams see the same queue; an email is marked completed once someone approves its reply, so nobody answers twice.',
  },
  {
    icon: Contact,
    title: 'A contact book that builds itself',
    text: 'Everyone you write to, with how often and how quickly you reply, so drafts greet each person the way you do.',
  },
  {
    icon: Lock,
    title: 'Your mail stays yours',
    text: `Self-hosted: mail lives in your own PostgreSQL. Mailbox passwords and tokens are encrypted with ${MARKETING_FIGURES.encryption}.`,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" id="features" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to answer email faster"
          lead={`Penman handles the routine replies ${MARKETING_FIGURES.speed} faster, and leaves the judgement calls to you.`}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-2xl border bg-card p-6 shadow-xs">
              <feature.icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
