import { EMAIL_MESSAGES } from '@penman/contract';
import { CircleAlert, Download, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { emailOriginalDownloadUrl, useEmailOriginal } from '../api/get-email-original.ts';

/** "Show original": the message's every header field, and its raw form as a .eml download. */
export function EmailOriginal({ emailId }: { emailId: string }) {
  const original = useEmailOriginal(emailId, true);
  return (
    <section aria-label={EMAIL_MESSAGES.originalTitle} className="grid min-w-0 gap-2 rounded-md border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{EMAIL_MESSAGES.originalHeaders}</h3>
        <a href={emailOriginalDownloadUrl(emailId)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          {EMAIL_MESSAGES.downloadOriginal}
        </a>
      </div>
      {original.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {EMAIL_MESSAGES.originalLoading}
        </p>
      ) : original.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <CircleAlert className="size-4 text-destructive" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            {EMAIL_MESSAGES.originalFailed}: {original.error.message}
          </span>
          <Button variant="outline" size="sm" onClick={() => void original.refetch()} disabled={original.isFetching}>
            {original.isFetching ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            {EMAIL_MESSAGES.retry}
          </Button>
        </div>
      ) : (
        <dl className="max-h-[40vh] overflow-y-auto font-mono text-xs leading-relaxed">
          {original.data.headers.map((field, index) => (
            // Header fields repeat (Received, ...): their place in the block is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once fetched
            <div key={index} className="grid grid-cols-1 gap-x-2 border-b border-border/50 py-1 last:border-0 sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold break-all text-muted-foreground">{field.name}</dt>
              <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
