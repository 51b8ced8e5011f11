import { DRAFTS_LABELS } from '@penman/contract';
import { useId } from 'react';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useDraftAccounts } from '../api/get-draft-accounts.ts';
import type { DraftFilters } from '../api/query-keys.ts';

const L = DRAFTS_LABELS.filters;

/** The account filter and the "Needs review" switch. */
export function DraftsFilters({ filters, onChange }: { filters: DraftFilters; onChange: (next: Partial<DraftFilters>) => void }) {
  const accounts = useDraftAccounts();
  const accountId = useId();
  const reviewId = useId();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1.5 sm:w-80">
        <label htmlFor={accountId} className="text-xs font-medium text-muted-foreground">
          {L.account}
        </label>
        <select
          id={accountId}
          value={filters.accountId ?? ''}
          onChange={(event) => onChange({ accountId: event.target.value || undefined })}
          className="h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <option value="">{L.allAccounts}</option>
          {accounts.data?.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex h-10 items-center gap-2">
        <Switch id={reviewId} checked={filters.needsReview} onCheckedChange={(needsReview) => onChange({ needsReview })} />
        <Label htmlFor={reviewId}>{L.needsReview}</Label>
      </div>
    </div>
  );
}
