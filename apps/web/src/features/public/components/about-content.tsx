import { MARKETING_FIGURES, PUBLIC_LABELS } from '@penman/contract';
import { HeartHandshake, Inbox, Lightbulb, Target } from 'lucide-react';
import type { ReactNode } from 'react';

/** /about: the family-business origin story, the problem, the solution and the mission. */
export function AboutContent({ onJoinWaitlist }: { onJoinWaitlist: () => void }) {
  return (
    <article>
      <header className="bg-gradient-to-b from-indigo-50 to-background">
        <div className="mx-auto max-w-3xl px-4 pt-28 pb-12 text-center sm:px-6 sm:pt-36">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Our story</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Built at a kitchen table, for everyone who answers email after hours
          </h1>
        </div>
      </header>
      <div className="mx-auto grid max-w-3xl gap-14 px-4 pb-20 sm:px-6">
        <Chapter icon={HeartHandshake} id="origin" title="Where Penman comes from">
          <p>
            Penman started in a family business. Our parents run a small garden and hardware supply shop, and for years the working day
            ended the same way: the shop closed, and someone sat down at the kitchen table to answer the day's email. Suppliers asking about
            delivery dates. Customers asking whether a part was in stock, what a repair would cost, whether we could hold an order until
            Saturday.
          </p>
          <p>
            Most of those answers had been written a hundred times before, and every one of them still had to sound like us: warm, direct,
            signed with a first name. Customers could tell the difference, and they came back because of it.
          </p>
        </Chapter>
        <Chapter icon={Inbox} id="problem" title="The problem">
          <p>
            Email quietly eats hours. Canned responses save time but read like a form letter. General-purpose AI writes fluent text in
            nobody's voice, and it does not know your prices, your policies or which brochure to attach. And handing your inbox to yet
            another cloud service means handing over your customers' messages too.
          </p>
          <p>
            Support teams, sales teams, shop owners and professional firms all told us the same thing: they did not want a robot answering
            for them. They wanted their own replies, written faster.
          </p>
        </Chapter>
        <Chapter icon={Lightbulb} id="solution" title="The solution">
          <p>
            Penman learns how you write from the mail you have already sent, keeps a knowledge base of your own documents, and drafts each
            reply in under {MARKETING_FIGURES.draftSeconds} seconds, with the right attachment. When it needs you, it says so: complex
            requests such as discounts are flagged for human review, and a Buy Time reply promises a full answer within{' '}
            {MARKETING_FIGURES.buyTimeHours} hours.
          </p>
          <p>
            You approve, edit or reject every draft, and each decision makes the next one better. Penman runs on your own server, with your
            mail in your own database and mailbox secrets encrypted with {MARKETING_FIGURES.encryption}.
          </p>
        </Chapter>
        <Chapter icon={Target} id="mission" title="Our mission">
          <p>
            Give every small team the hours that email takes, {MARKETING_FIGURES.hoursSavedDaily} a day and more, without asking them to
            give up their voice or their data. The shop still closes at six. The email is done by then.
          </p>
        </Chapter>
        <div className="rounded-2xl bg-indigo-950 p-8 text-center text-white">
          <h2 className="text-2xl font-semibold tracking-tight">Write back faster, still in your own words</h2>
          <p className="mt-3 text-indigo-100">Penman is in private beta and free while it lasts.</p>
          <button
            type="button"
            onClick={onJoinWaitlist}
            className="mt-6 inline-flex h-11 items-center justify-center rounded-md bg-white px-7 text-sm font-semibold text-indigo-950 outline-none hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-300 focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-950"
          >
            {PUBLIC_LABELS.joinWaitlist}
          </button>
        </div>
      </div>
    </article>
  );
}

function Chapter({ icon: Icon, id, title, children }: { icon: typeof Inbox; id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 text-lg leading-8 text-slate-700">
      <h2 id={`${id}-title`} className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-foreground">
        <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
