import { DASHBOARD_LABELS, FILE_MESSAGES, FILES_LABELS, type FileCategory } from '@penman/contract';
import { MailPlus, Upload } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { type FileAccount, useFileAccounts } from '../api/get-file-accounts.ts';
import { FilesWorkspace } from './files-workspace.tsx';
import { LoadFailed, Status } from './load-states.tsx';

const ACCOUNT_PARAM = 'account';
/** `?upload=1` opens the upload dialog (the overview's "Upload documents"). */
const UPLOAD_PARAM = 'upload';

/** The Knowledge Base or Attachments screen (spec): one account's files, upload, delete, and for knowledge the search box. */
export function FilesScreen({ mode }: { mode: FileCategory }) {
  const accounts = useFileAccounts();
  const [params, setParams] = useSearchParams();
  const title = DASHBOARD_LABELS.pageTitles[mode === 'knowledge' ? 'knowledge' : 'attachments'];
  const header = (actions?: ReactNode) => (
    <PageHeader title={title} description={FILES_LABELS.screens[mode].description} actions={actions} />
  );

  if (accounts.isPending) {
    return (
      <>
        {header()}
        <Status />
      </>
    );
  }
  if (accounts.isError) {
    return (
      <>
        {header()}
        <LoadFailed message={accounts.error.message} onRetry={() => void accounts.refetch()} />
      </>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <>
        {header(
          <Button disabled aria-describedby="files-needs-account">
            <Upload aria-hidden="true" />
            {FILES_LABELS.upload}
          </Button>,
        )}
        <EmptyState
          icon={MailPlus}
          title={FILES_LABELS.noAccountsTitle}
          action={
            <Button asChild variant="outline">
              <Link to="/dashboard/email-accounts">{FILES_LABELS.goToAccounts}</Link>
            </Button>
          }
        >
          <span id="files-needs-account">{FILE_MESSAGES.needsAccount}</span>
        </EmptyState>
      </>
    );
  }

  const requested = params.get(ACCOUNT_PARAM);
  const account = accounts.data.find((candidate) => candidate.id === requested) ?? accounts.data[0]!;
  const uploadOpen = params.get(UPLOAD_PARAM) === '1';
  const setUploadOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(UPLOAD_PARAM, '1');
        else next.delete(UPLOAD_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      {header(
        <Button onClick={() => setUploadOpen(true)}>
          <Upload aria-hidden="true" />
          {FILES_LABELS.upload}
        </Button>,
      )}
      {accounts.data.length > 1 ? (
        <AccountPicker
          accounts={accounts.data}
          value={account.id}
          onChange={(id) => setParams({ [ACCOUNT_PARAM]: id }, { replace: true })}
        />
      ) : null}
      <FilesWorkspace key={account.id} mode={mode} accountId={account.id} uploadOpen={uploadOpen} onUploadOpenChange={setUploadOpen} />
    </>
  );
}

function AccountPicker({ accounts, value, onChange }: { accounts: FileAccount[]; value: string; onChange: (id: string) => void }) {
  const id = useId();
  return (
    <div className="mb-6 flex min-w-0 flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {FILES_LABELS.account}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 w-full max-w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-auto sm:min-w-64"
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.emailAddress}
          </option>
        ))}
      </select>
    </div>
  );
}
