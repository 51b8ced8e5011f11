import { DASHBOARD_LABELS } from '@penman/contract';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuth } from '@/lib/auth.tsx';

export function Component() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title={DASHBOARD_LABELS.welcomeBack} description={user?.email} />
      <EmptyState
        icon={Inbox}
        title="Your overview fills in once a mailbox is connected"
        action={
          <Link to="/dashboard/email-accounts" className={buttonVariants()}>
            Go to {DASHBOARD_LABELS.nav.emailAccounts}
          </Link>
        }
      >
        Connected accounts, processed emails, knowledge documents and attachments will be summarised here.
      </EmptyState>
    </>
  );
}
