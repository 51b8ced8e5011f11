import { EMAIL_MESSAGES, type EmailDetail, formatFileSize } from '@penman/contract';
import { Paperclip } from 'lucide-react';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { AddToLibraryButton } from './add-to-library-button.tsx';

/** The email's date; "Date unknown" when the message had none (the date shown is the mailbox's). */
export function EmailDate({ email }: { email: Pick<EmailDetail, 'receivedDate' | 'dateUnknown'> }) {
  if (!email.dateUnknown) return <time dateTime={email.receivedDate ?? undefined}>{formatDateTime(email.receivedDate)}</time>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge variant="warning" title={EMAIL_MESSAGES.dateUnknownHint}>
        {EMAIL_MESSAGES.dateUnknown}
      </Badge>
      <time className="text-muted-foreground" dateTime={email.receivedDate ?? undefined} title={EMAIL_MESSAGES.dateUnknownHint}>
        {formatDateTime(email.receivedDate)}
      </time>
    </span>
  );
}

/** What went wrong reading the message, as the server recorded it. */
export function ParseProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <section
      aria-label={EMAIL_MESSAGES.parseProblems}
      className="grid gap-1 rounded-md border border-amber-300 bg-warning/40 px-3 py-2 text-xs"
    >
      <h3 className="font-medium">{EMAIL_MESSAGES.parseProblems}</h3>
      <ul className="list-disc pl-4 [overflow-wrap:anywhere]">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The attachments' names, types and sizes (their content is not kept); on sent mail, each named one
 * can be added to the attachment library (fetched from the mailbox).
 */
export function EmailAttachments({ email }: { email: Pick<EmailDetail, 'id' | 'attachments' | 'isOutgoing'> }) {
  const { attachments } = email;
  if (attachments.length === 0) return null;
  return (
    <section aria-label={EMAIL_MESSAGES.attachments} className="grid gap-2">
      <h3 className="text-sm font-medium">{EMAIL_MESSAGES.attachments}</h3>
      <ul className="flex flex-wrap gap-2">
        {attachments.map((attachment) => (
          <li key={attachment.id} className="flex max-w-full items-center gap-2 rounded-md border bg-muted/40 px-2.5 py-1.5 text-xs">
            <Paperclip className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 truncate font-medium" title={attachment.contentType ?? undefined}>
              {attachment.filename || EMAIL_MESSAGES.unnamedAttachment}
            </span>
            {attachment.contentType ? <span className="shrink-0 text-muted-foreground">{attachment.contentType}</span> : null}
            {attachment.sizeBytes !== null ? (
              <span className="shrink-0 text-muted-foreground tabular-nums">{formatFileSize(attachment.sizeBytes)}</span>
            ) : null}
            {email.isOutgoing && attachment.filename ? (
              <AddToLibraryButton emailId={email.id} attachmentId={attachment.id} filename={attachment.filename} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
