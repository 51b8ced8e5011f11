import { DASHBOARD_LABELS, EMAIL_MESSAGES } from '@penman/contract';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { EmailDetailDialog } from './email-detail-dialog.tsx';
import { EmailList } from './email-list.tsx';
import { EmailsToolbar } from './emails-toolbar.tsx';
import { listParamsFrom, withListChange } from './list-params.ts';

/** The Emails screen: read-only list with search, account filter, paging and the detail dialog. */
export function EmailsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, ...params } = listParamsFrom(searchParams);
  const [openEmailId, setOpenEmailId] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const open = (emailId: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpenEmailId(emailId);
  };
  const change = (next: Parameters<typeof withListChange>[1]) => setSearchParams(withListChange(searchParams, next));

  return (
    <>
      <PageHeader title={DASHBOARD_LABELS.pageTitles.emails} description={EMAIL_MESSAGES.screenDescription} />
      <EmailsToolbar
        accountId={params.accountId}
        search={params.search}
        onAccountChange={(accountId) => change({ accountId })}
        onSearch={(search) => change({ search })}
      />
      <EmailList
        params={params}
        onOpen={open}
        onPage={(next) => change({ page: next })}
        onClearSearch={() => change({ search: undefined })}
      />
      <EmailDetailDialog emailId={openEmailId} onClose={() => setOpenEmailId(undefined)} returnFocusTo={() => opener.current} />
    </>
  );
}
