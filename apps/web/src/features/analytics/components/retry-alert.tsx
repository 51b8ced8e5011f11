import { ANALYTICS_LABELS } from '@penman/contract';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** A load that failed: what failed, and Retry. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-5 text-sm">
      <span className="text-destructive">{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {ANALYTICS_LABELS.retry}
      </Button>
    </div>
  );
}
