import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.emails}>
      A read-only list of your downloaded emails will appear here.
    </ScreenPlaceholder>
  );
}
