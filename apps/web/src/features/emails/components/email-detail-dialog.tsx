import { EMAIL_MESSAGES, type EmailDetail } from '@penman/contract';
import { CircleAlert, FileCode, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useEmail } from '../api/get-email.ts';
import { EmailDraftPanel } from './email-draft-panel.tsx';
import { EmailAttachments, EmailDate, ParseProblems } from './email-facts.tsx';
import { EmailHtmlBody } from './email-html-body.tsx';
import { EmailOriginal } from './email-original.tsx';
import { EmailTextBody } from './email-text-body.tsx';
import { EmailTriagePanel } from './email-triage-panel.tsx';
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
  const [showOriginal, setShowOriginal] = useState(false);
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
          <EmailDate email={email} />
        </Header>
        <Header label={EMAIL_MESSAGES.folder}>{email.folderName || '—'}</Header>
        {email.messageId ? (
          <Header label={EMAIL_MESSAGES.messageId}>
            <span className="font-mono text-xs">{email.messageId}</span>
          </Header>
        ) : null}
      </dl>
      <ParseProblems problems={email.parseProblems} />
      <EmailTriagePanel emailId={email.id} />
      <EmailDraftPanel emailId={email.id} />
      <div>
        <Button variant="outline" size="sm" aria-expanded={showOriginal} onClick={() => setShowOriginal((shown) => !shown)}>
          <FileCode aria-hidden="true" />
          {showOriginal ? EMAIL_MESSAGES.hideOriginal : EMAIL_MESSAGES.showOriginal}
        </Button>
      </div>
      {showOriginal ? <EmailOriginal emailId={email.id} /> : null}
      <EmailAttachments email={email} />
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
