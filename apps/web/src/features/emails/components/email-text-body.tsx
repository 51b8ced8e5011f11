import { useMemo } from 'react';
import { linkifyText } from './linkify.ts';

/** A plain-text body: line breaks kept, http(s) URLs as links that open outside Penman. */
export function EmailTextBody({ text }: { text: string }) {
  const parts = useMemo(() => linkifyText(text), [text]);
  return (
    <div className="max-h-[60vh] overflow-y-auto rounded-md border bg-card p-4 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
      {parts.map((part) =>
        part.kind === 'link' ? (
          <a
            key={part.start}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-primary underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </div>
  );
}
