import { ACCOUNT_LABELS, DASHBOARD_LABELS } from '@penman/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { registerAccountUpdates } from '@/features/accounts/api/account-updates.ts';
import { AccountList } from '@/features/accounts/components/account-list.tsx';
import { AddAccountDialog } from '@/features/accounts/components/add-account-dialog.tsx';

// Account rows change on the server (sync counters, statuses): keep the cached list live from now on.
registerAccountUpdates();

export function Component() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={DASHBOARD_LABELS.pageTitles.emailAccounts}
        description={ACCOUNT_LABELS.screenDescription}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {ACCOUNT_LABELS.addAccount}
          </Button>
        }
      />
      <AccountList onAddAccount={() => setAdding(true)} />
      <AddAccountDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}
