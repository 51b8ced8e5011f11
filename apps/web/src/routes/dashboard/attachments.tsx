import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.attachments}>
      Files Penman can suggest attaching to its replies will be kept here.
    </ScreenPlaceholder>
  );
}
