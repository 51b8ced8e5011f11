import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.knowledge}>
      Documents that teach Penman about your business will be uploaded here.
    </ScreenPlaceholder>
  );
}
