import { type Ask, UNDERSTANDING_LABELS } from '@penman/contract';
import { CalendarClock, CircleHelp, ListTodo, MessageSquareText, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';

const L = UNDERSTANDING_LABELS;

const ICONS = {
  question: CircleHelp,
  action: Send,
  scheduling: CalendarClock,
  comments: MessageSquareText,
  invitation: CalendarClock,
} as const;

/** "send the signed supply agreement" → "Send the signed supply agreement". */
function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What an email asks of the user, one line per ask: the asked thing in the mail's words, whom it
 * asks when not the user alone, and its deadline. Shown in the Emails view and above every draft of
 * the review queue, so a person sees in two seconds what the reply must handle.
 */
export function EmailAsks({
  asks,
  className,
  headingLevel = 3,
  after,
}: {
  asks: Ask[];
  className?: string;
  headingLevel?: 3 | 4;
  /** Shown after an ask (the queue: how the draft handles it). */
  after?: (ask: Ask) => ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section aria-label={L.asksHeading} className={cn('grid gap-1.5', className)}>
      <Heading className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <ListTodo className="size-3.5" aria-hidden="true" />
        {L.asksHeading}
      </Heading>
      {asks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{L.noAsks}</p>
      ) : (
        <ul className="grid gap-1.5" data-testid="email-asks">
          {asks.map((ask) => {
            const Icon = ICONS[ask.type];
            return (
              <li key={`${ask.type}:${ask.thing}`} className="flex gap-2 text-sm" title={ask.sentence}>
                <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {ask.of !== 'reader' ? <span className="text-muted-foreground">{L.askedOf[ask.of]}: </span> : null}
                  <span className="font-medium">{sentenceCase(ask.thing)}</span>
                  {ask.deadline ? (
                    <span className="ml-1.5 inline-flex items-center rounded-full border border-amber-300 bg-warning px-2 text-xs text-warning-foreground">
                      <span className="sr-only">{L.deadline}: </span>
                      {ask.deadline.text}
                      {ask.deadline.date && !/\d/.test(ask.deadline.text) ? ` (${formatDate(ask.deadline.date)})` : null}
                    </span>
                  ) : null}
                  {after?.(ask)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
