import { FILE_MESSAGES, FILES_LABELS } from '@penman/contract';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

/** The files are loading. */
export function Status() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 rounded-xl border bg-card px-6 py-12 text-sm text-muted-foreground"
    >
      <Spinner />
      {FILES_LABELS.loading}
    </div>
  );
}

/** 'Failed to load files' (spec), the reason, and Retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive"
    >
      <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="font-medium">{FILE_MESSAGES.loadFailed}</span> {message}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {FILES_LABELS.retry}
      </Button>
    </div>
  );
}
