import { DRAFTS_LABELS } from '@penman/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import type { DraftFilters } from '../api/query-keys.ts';
import { DraftingSettingsDialog } from './drafting-settings-dialog.tsx';
import { DraftsFilters } from './drafts-filters.tsx';
import { DraftsQueue } from './drafts-queue.tsx';
import { KeyboardHint } from './keyboard-hint.tsx';

const L = DRAFTS_LABELS;

/**
 * The review queue: filters in the address (`account`, `review=1`), `draft` the draft to select first
 * (links from the Emails view), `settings=1` opens the drafting settings (the overview's paused link).
 */
export function DraftsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const accountId = searchParams.get('account') ?? undefined;
  const needsReview = searchParams.get('review') === '1';
  const filters: DraftFilters = useMemo(() => ({ accountId, needsReview }), [accountId, needsReview]);
  const [settingsOpen, setSettingsOpen] = useState(() => searchParams.get('settings') === '1');

  const change = (next: Partial<DraftFilters>) => {
    const params = new URLSearchParams(searchParams);
    params.delete('draft');
    const merged = { ...filters, ...next };
    if (merged.accountId) params.set('account', merged.accountId);
    else params.delete('account');
    if (merged.needsReview) params.set('review', '1');
    else params.delete('review');
    setSearchParams(params, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={L.title}
        description={L.description}
        actions={
          <Button variant="outline" onClick={() => setSettingsOpen(true)}>
            <SlidersHorizontal aria-hidden="true" />
            {L.settingsButton}
          </Button>
        }
      />
      <DraftsFilters filters={filters} onChange={change} />
      <KeyboardHint />
      <DraftsQueue filters={filters} initialDraftId={searchParams.get('draft') ?? undefined} />
      <DraftingSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} initialAccountId={accountId} />
    </>
  );
}
