import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.emailAccounts}>
      Connecting Gmail and IMAP or Exchange mailboxes will happen here.
    </ScreenPlaceholder>
  );
}
