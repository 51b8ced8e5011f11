import { ACCOUNT_LABELS, ALIAS_LABELS, ALIASES_RECOMPUTE_STEPS, type EmailAccount } from '@penman/contract';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useUpdateAliases } from '../api/update-aliases.ts';
import { formatCount } from './format.ts';
import { toastFailure } from './toasts.ts';
import { Progress } from './ui/progress.tsx';

const LABELS = ALIAS_LABELS.recompute;

/** The recount after a change of the addresses, live (the account is refreshed on every step): waiting, its step and progress, or failed with Retry. */
export function AliasesRecomputeStatus({ account }: { account: Pick<EmailAccount, 'id' | 'aliases' | 'aliasesRecompute'> }) {
  const state = account.aliasesRecompute;
  const retry = useUpdateAliases();
  if (!state || state.status === 'completed') return null;

  if (state.status === 'failed') {
    return (
      <div role="status" className="flex flex-wrap items-center justify-between gap-2 text-sm text-destructive">
        <span className="flex items-center gap-2">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {state.error ?? LABELS.failed}
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(
              { id: account.id, changes: { aliases: account.aliases } },
              { onError: (error) => toastFailure(ALIAS_LABELS.saveFailedTitle, error) },
            )
          }
        >
          {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
          {ACCOUNT_LABELS.retry}
        </Button>
      </div>
    );
  }

  if (state.status === 'queued' || state.status === 'waiting' || !state.step) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {state.status === 'waiting' ? LABELS.waiting : LABELS.queued}
      </p>
    );
  }

  const stepNumber = ALIASES_RECOMPUTE_STEPS.indexOf(state.step) + 1;
  const stepCount = ALIASES_RECOMPUTE_STEPS.length;
  const stepShare = state.step === 'direction' && state.total > 0 ? state.done / state.total : 0.5;
  return (
    <div role="status" className="grid gap-1.5">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <span className="font-medium">{LABELS.running}</span>
        <span className="text-xs text-muted-foreground tabular-nums">{LABELS.stepOf(stepNumber, stepCount)}</span>
      </p>
      <Progress aria-label={LABELS.running} value={((stepNumber - 1 + stepShare) / stepCount) * 100} max={100} />
      <p className="text-xs text-muted-foreground tabular-nums">
        {LABELS.steps[state.step]}
        {state.step === 'direction' && state.total > 0 ? ` · ${LABELS.emails(formatCount(state.done), formatCount(state.total))}` : null}
      </p>
    </div>
  );
}
