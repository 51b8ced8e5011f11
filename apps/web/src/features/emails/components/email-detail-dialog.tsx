import { EMAIL_MESSAGES, type EmailDetail, formatFileSize } from '@penman/contract';
import { CircleAlert, Paperclip, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDateTime } from '@/lib/date-format.ts';
import { useEmail } from '../api/get-email.ts';
import { EmailHtmlBody } from './email-html-body.tsx';
import { EmailTextBody } from './email-text-body.tsx';
import { formatSender } from './format.ts';

type EmailDetailDialogProps = {
  emailId: string | undefined;
  onClose: () => void;
  /** Where focus goes back when the dialog closes (the row that opened it). */
  returnFocusTo?: () => HTMLElement | null;
};

/** One email: headers (from, to, cc, date, folder), attachments and the body. */
export function EmailDetailDialog({ emailId, onClose, returnFocusTo }: EmailDetailDialogProps) {
  return (
    <Dialog open={emailId !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-3xl"
        onCloseAutoFocus={(event) => {
          const opener = returnFocusTo?.();
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        {emailId ? <EmailDetailContent emailId={emailId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EmailDetailContent({ emailId }: { emailId: string }) {
  const email = useEmail(emailId);

  if (email.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="sr-only">{EMAIL_MESSAGES.loading}</DialogTitle>
          <DialogDescription className="sr-only">{EMAIL_MESSAGES.loading}</DialogDescription>
        </DialogHeader>
        <div role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
          <Spinner />
          {EMAIL_MESSAGES.loading}
        </div>
      </>
    );
  }

  if (email.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{EMAIL_MESSAGES.detailFailed}</DialogTitle>
          <DialogDescription role="alert" className="flex items-center gap-2">
            <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
            {email.error.message}
          </DialogDescription>
        </DialogHeader>
        <div>
          <Button variant="outline" onClick={() => void email.refetch()} disabled={email.isFetching}>
            {email.isFetching ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            {EMAIL_MESSAGES.retry}
          </Button>
        </div>
      </>
    );
  }

  return <EmailView email={email.data} />;
}

function EmailView({ email }: { email: EmailDetail }) {
  const from = formatSender(email.senderName, email.senderEmail);
  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-lg leading-snug [overflow-wrap:anywhere]">
          {email.subject?.trim() || EMAIL_MESSAGES.noSubject}
        </DialogTitle>
        <DialogDescription className="sr-only">{`${EMAIL_MESSAGES.from}: ${from}`}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Header label={EMAIL_MESSAGES.from}>{from}</Header>
        <Header label={EMAIL_MESSAGES.to}>{email.recipientEmails.join(', ') || '—'}</Header>
        {email.ccEmails.length > 0 ? <Header label={EMAIL_MESSAGES.cc}>{email.ccEmails.join(', ')}</Header> : null}
        <Header label={EMAIL_MESSAGES.date}>
          <time dateTime={email.receivedDate ?? undefined}>{formatDateTime(email.receivedDate)}</time>
        </Header>
        <Header label={EMAIL_MESSAGES.folder}>{email.folderName || '—'}</Header>
      </dl>
      {email.attachments.length > 0 ? (
        <section aria-label={EMAIL_MESSAGES.attachments} className="grid gap-2">
          <h3 className="text-sm font-medium">{EMAIL_MESSAGES.attachments}</h3>
          <ul className="flex flex-wrap gap-2">
            {email.attachments.map((attachment) => (
              <li key={attachment.id} className="flex max-w-full items-center gap-2 rounded-md border bg-muted/40 px-2.5 py-1.5 text-xs">
                <Paperclip className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 truncate font-medium" title={attachment.contentType ?? undefined}>
                  {attachment.filename || EMAIL_MESSAGES.unnamedAttachment}
                </span>
                {attachment.contentType ? <span className="shrink-0 text-muted-foreground">{attachment.contentType}</span> : null}
                {attachment.sizeBytes !== null ? (
                  <span className="shrink-0 text-muted-foreground tabular-nums">{formatFileSize(attachment.sizeBytes)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {email.bodyHtml ? (
        <EmailHtmlBody key={email.id} html={email.bodyHtml} />
      ) : email.bodyText?.trim() ? (
        <EmailTextBody text={email.bodyText} />
      ) : (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{EMAIL_MESSAGES.noBody}</p>
      )}
    </>
  );
}

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}
