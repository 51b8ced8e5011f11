import { MARKETING_FIGURES } from '@penman/contract';
import { ChevronLeft, ChevronRight, Paperclip } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants.ts';

type DemoAction = { label: string; result: string; primary?: boolean };
type DemoSlide = {
  title: string;
  summary: string;
  from: string;
  subject: string;
  incoming: string;
  draft: string[];
  attachment?: string;
  note: string;
  actions: DemoAction[];
};

const SLIDES: DemoSlide[] = [
  {
    title: 'Full Response Mode',
    summary: 'A complete answer in your voice, with the right attachment.',
    from: 'Sarah Chen, Acme Retail',
    subject: 'Catalog and shipping times to Europe?',
    incoming: 'Hi! Could you send your current catalog and tell me how long shipping to Germany takes?',
    draft: [
      'Hi Sarah,',
      'Thanks for getting in touch! Our 2025 catalog is attached. Orders to Germany leave our warehouse within two business days and usually arrive three to five days later.',
      'Tell me which models you are interested in and I will put a quote together.',
      'Best, Alex',
    ],
    attachment: 'Catalog-2025.pdf',
    note: 'Drafted in 6 seconds from your sent mail and knowledge base',
    actions: [
      { label: 'Approve', result: 'Approved: the reply goes out from your own mailbox.', primary: true },
      { label: 'Edit', result: 'Edit opens the draft so you can change anything before it is sent.' },
      { label: 'Reject', result: 'Rejected: nothing is sent, and Penman learns from your choice.' },
      {
        label: 'Buy Time',
        result: `Switched to a holding reply that promises a full answer within ${MARKETING_FIGURES.buyTimeHours} hours.`,
      },
    ],
  },
  {
    title: 'Buy Time Mode',
    summary: `A friendly holding reply that promises a full answer within ${MARKETING_FIGURES.buyTimeHours} hours.`,
    from: 'Marcus Reid, Reid & Partners',
    subject: 'Contract review for the Henley project',
    incoming: 'Could you look over the attached contract and tell me whether clause 7 works for you?',
    draft: [
      'Hi Marcus,',
      `Thanks for sending the contract over. I want to give clause 7 the attention it deserves, so I will come back to you with a full reply within ${MARKETING_FIGURES.buyTimeHours} hours.`,
      'Best regards, Alex',
    ],
    note: 'Penman flags requests that need you, and buys you time politely',
    actions: [
      { label: 'Send Now', result: 'Sent: Marcus knows you are on it.', primary: true },
      { label: 'Edit', result: 'Edit opens the holding reply so you can adjust it first.' },
      { label: 'Cancel', result: 'Cancelled: nothing is sent.' },
    ],
  },
];

/**
 * The hero's two demos (spec: Full Response Mode and Buy Time Mode) with previous, next and dot
 * controls, and the arrow keys. Both slides share one grid cell, so switching never moves the page.
 */
export function DemoCarousel() {
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<Record<number, string>>({});
  const count = SLIDES.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section aria-roledescription="carousel" aria-label="Penman reply modes" onKeyDown={onKeyDown} className="w-full">
      <div className="grid" aria-live="polite">
        {SLIDES.map((slide, i) => {
          const active = i === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.title}`}
              aria-hidden={!active}
              inert={!active}
              className={`[grid-area:1/1] transition-opacity duration-300 ${active ? 'opacity-100' : 'invisible opacity-0'}`}
            >
              <SlideCard slide={slide} result={results[i]} onAction={(result) => setResults((r) => ({ ...r, [i]: result }))} />
            </div>
          );
        })}
      </div>
      <div className="mt-4 flex items-center justify-center gap-3">
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'icon', className: 'rounded-full' })}
          onClick={() => go(index - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Previous slide</span>
        </button>
        <div className="flex items-center gap-1">
          {SLIDES.map((slide, i) => (
            <button
              key={slide.title}
              type="button"
              aria-label={`Show slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
              className="group flex size-8 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-primary' : 'w-2.5 bg-slate-400 group-hover:bg-slate-500'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'icon', className: 'rounded-full' })}
          onClick={() => go(index + 1)}
        >
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Next slide</span>
        </button>
      </div>
    </section>
  );
}

function SlideCard({ slide, result, onAction }: { slide: DemoSlide; result: string | undefined; onAction: (result: string) => void }) {
  return (
    <article className="h-full overflow-hidden rounded-2xl border bg-card text-left shadow-xl shadow-indigo-950/5">
      <div className="flex items-center justify-between gap-3 border-b bg-slate-50 px-4 py-3 sm:px-5">
        <div>
          <h2 className="text-sm font-semibold">{slide.title}</h2>
          <p className="text-xs text-slate-600">{slide.summary}</p>
        </div>
        <span className="hidden shrink-0 items-center gap-1 rounded-full bg-accent px-2 py-1 text-xs font-medium text-accent-foreground sm:inline-flex">
          AI draft
        </span>
      </div>
      <div className="grid gap-4 p-4 sm:p-5">
        <div className="rounded-lg border bg-background p-3 text-sm">
          <p className="text-xs text-slate-600">
            From <span className="font-medium text-foreground">{slide.from}</span>
          </p>
          <p className="mt-1 font-medium">{slide.subject}</p>
          <p className="mt-1 text-slate-700">{slide.incoming}</p>
        </div>
        <div className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-3 text-sm">
          <p className="mb-2 text-xs font-medium text-indigo-800">Your draft reply</p>
          <div className="grid gap-2 text-slate-800">
            {slide.draft.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {slide.attachment ? (
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-md border bg-card px-2 py-1 text-xs font-medium">
              <Paperclip className="size-3.5 text-slate-600" aria-hidden="true" />
              {slide.attachment}
            </p>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">{slide.note}</p>
        <div className="flex flex-wrap gap-2">
          {slide.actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={buttonVariants({ variant: action.primary ? 'default' : 'outline', size: 'sm' })}
              onClick={() => onAction(action.result)}
            >
              {action.label}
            </button>
          ))}
        </div>
        <p className="min-h-10 text-xs text-slate-700" role="status">
          {result ?? 'Try the buttons: this is a demo, nothing is sent.'}
        </p>
      </div>
    </article>
  );
}
