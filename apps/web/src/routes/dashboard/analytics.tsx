import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.analytics}>
      Statistics about each connected mailbox will appear here.
    </ScreenPlaceholder>
  );
}
