import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, type EmailAccount } from '@penman/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatDate } from '@/lib/date-format.ts';
import { useDownloadProgress } from '../api/get-download-progress.ts';
import { useInitializeAccount } from '../api/initialize-account.ts';
import { usePauseInitialization } from '../api/pause-initialization.ts';
import { accountKeys } from '../api/query-keys.ts';
import { useRetryInitialization } from '../api/retry-initialization.ts';
import { useStopInitialization } from '../api/stop-initialization.ts';
import { formatCount } from './format.ts';
import { initializationView, isDownloading } from './initialization-view.ts';
import { toastFailure } from './toasts.ts';
import { Progress } from './ui/progress.tsx';
import { useStillWorking } from './use-timers.ts';

/** Initialize, Pause, Stop or Retry by the account's initialization status, with the step and the live download counter. */
export function InitializationPanel({ account }: { account: EmailAccount }) {
  const headingId = useId();
  const view = initializationView(account);
  const downloading = isDownloading(account);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-background/60 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {ACCOUNT_LABELS.initialization}
        </h3>
        <InitializationControls account={account} kind={view.kind} />
      </div>

      {view.kind === 'not_started' ? <p className="text-sm text-muted-foreground">{ACCOUNT_LABELS.notInitialized}</p> : null}

      {view.kind === 'initializing' ? (
        <div className="grid gap-2">
          <p className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">{view.stepLabel}</span>
            {view.stepNumber ? (
              <span className="text-xs text-muted-foreground tabular-nums">
                Step {view.stepNumber} of {view.stepCount}
              </span>
            ) : null}
          </p>
          <Progress
            aria-label={view.stepLabel}
            value={view.stepNumber ? ((view.stepNumber - 0.5) / view.stepCount) * 100 : null}
            max={100}
          />
        </div>
      ) : null}

      {view.kind === 'failed' ? (
        <p className="flex items-start gap-2 text-sm text-destructive">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{view.error}</span>
        </p>
      ) : null}

      {view.kind === 'completed' ? (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
          <CircleCheck className="size-4" aria-hidden="true" />
          {ACCOUNT_MESSAGES.initialized}
          {account.initializationCompletedAt ? (
            <span className="font-normal text-muted-foreground">· {formatDate(account.initializationCompletedAt)}</span>
          ) : null}
        </p>
      ) : null}

      {downloading ? <DownloadCounter account={account} /> : null}
    </section>
  );
}

function InitializationControls({ account, kind }: { account: EmailAccount; kind: ReturnType<typeof initializationView>['kind'] }) {
  const initialize = useInitializeAccount();
  const retry = useRetryInitialization();
  const pause = usePauseInitialization();
  const stop = useStopInitialization();
  const busy = initialize.isPending || retry.isPending || pause.isPending || stop.isPending;

  const started = ({ message }: { message: string }) =>
    toast.success(ACCOUNT_MESSAGES.initializationInvokedTitle, { description: message || ACCOUNT_MESSAGES.initializationStarted });

  if (kind === 'not_started') {
    return (
      <Button
        size="sm"
        disabled={busy}
        onClick={() =>
          initialize.mutate(account.id, {
            onSuccess: started,
            onError: (error) => toastFailure(ACCOUNT_MESSAGES.initializationFailedToStart, error),
          })
        }
      >
        {initialize.isPending ? <Spinner /> : <Play aria-hidden="true" />}
        {ACCOUNT_LABELS.initialize}
      </Button>
    );
  }

  if (kind === 'failed') {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() =>
          retry.mutate(account.id, { onSuccess: started, onError: (error) => toastFailure(ACCOUNT_MESSAGES.retryFailed, error) })
        }
      >
        {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
        {ACCOUNT_LABELS.retry}
      </Button>
    );
  }

  if (kind === 'initializing') {
    return (
      <div className="flex items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            pause.mutate(account.id, {
              onSuccess: () => toast.success(ACCOUNT_MESSAGES.pausedTitle),
              onError: (error) => toastFailure(ACCOUNT_MESSAGES.pauseFailed, error),
            })
          }
        >
          {pause.isPending ? <Spinner /> : <Pause aria-hidden="true" />}
          {ACCOUNT_LABELS.pause}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={busy}
          onClick={() =>
            stop.mutate(account.id, {
              onSuccess: () => toast.success(ACCOUNT_MESSAGES.stoppedTitle),
              onError: (error) => toastFailure(ACCOUNT_MESSAGES.stopFailed, error),
            })
          }
        >
          {stop.isPending ? <Spinner /> : <Square aria-hidden="true" />}
          {ACCOUNT_LABELS.stop}
        </Button>
      </div>
    );
  }

  return null;
}

/** The number of emails stored so far, polled every 3 s while the download runs. */
function DownloadCounter({ account }: { account: EmailAccount }) {
  const queryClient = useQueryClient();
  const progress = useDownloadProgress(account.id, true);
  const polledCount = progress.data?.count;
  const stillWorking = useStillWorking(polledCount, true);
  const syncState = progress.data?.syncState;

  // The download ended (or failed) between two realtime events: read the account again.
  useEffect(() => {
    if (syncState && syncState !== account.syncState) void queryClient.invalidateQueries({ queryKey: accountKeys.list() });
  }, [syncState, account.syncState, queryClient]);

  return (
    <div className="grid gap-1 rounded-md bg-accent/60 px-3 py-2 text-sm">
      <p className="flex items-center gap-2 font-medium text-accent-foreground">
        <Spinner />
        <span className="tabular-nums">{ACCOUNT_LABELS.downloadedSoFar(formatCount(polledCount ?? account.emailsDownloadedCount))}</span>
      </p>
      {stillWorking ? (
        <p role="status" className="text-xs text-muted-foreground">
          {ACCOUNT_MESSAGES.stillWorking}
        </p>
      ) : null}
    </div>
  );
}
