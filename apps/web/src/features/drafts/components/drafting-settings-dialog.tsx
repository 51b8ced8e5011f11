import { BUY_TIME_HOURS_MAX, DRAFTS_LABELS, LEARNING_LABELS } from '@penman/contract';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDraftingSettings } from '../api/drafting-settings.ts';
import { useDraftAccounts } from '../api/get-draft-accounts.ts';
import { DraftingMemoryList } from './drafting-memory-list.tsx';
import { DraftingSettingsForm } from './drafting-settings-form.tsx';

const L = DRAFTS_LABELS.settings;

type DraftingSettingsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; initialAccountId: string | undefined };

/** Drafting settings of one account at a time (the account chosen at the top; the queue's filter first). */
export function DraftingSettingsDialog({ open, onOpenChange, initialAccountId }: DraftingSettingsDialogProps) {
  const accounts = useDraftAccounts();
  const [accountId, setAccountId] = useState(initialAccountId);
  const chosen = accountId ?? accounts.data?.[0]?.id;
  const settings = useDraftingSettings(open ? chosen : undefined);
  const selectId = useId();

  useEffect(() => {
    if (open) setAccountId(initialAccountId);
  }, [open, initialAccountId]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{L.title}</DialogTitle>
          <DialogDescription>{L.description}</DialogDescription>
        </DialogHeader>
        {accounts.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{L.noAccounts}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              {L.account}
            </label>
            <select
              id={selectId}
              value={chosen ?? ''}
              onChange={(event) => setAccountId(event.target.value)}
              className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
            >
              {accounts.data?.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label}
                </option>
              ))}
            </select>
          </div>
        )}
        {chosen === undefined ? null : settings.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
            <Spinner />
            {L.loading}
          </div>
        ) : settings.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <CircleAlert className="size-4" aria-hidden="true" />
            {L.loadFailed} {settings.error.message}
          </p>
        ) : (
          <>
            {settings.data.pause ? (
              <p role="status" className="flex items-center gap-2 rounded-md bg-warning/15 px-3 py-2 text-sm text-warning-foreground">
                <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
                {LEARNING_LABELS.paused(settings.data.pause.reason)}
              </p>
            ) : null}
            <DraftingSettingsForm
              key={chosen}
              accountId={chosen}
              answer={settings.data}
              maxHours={BUY_TIME_HOURS_MAX}
              onDone={() => onOpenChange(false)}
            />
            <DraftingMemoryList accountId={chosen} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
