import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.training}>
      Downloading mail for training and building your writing-style profile will happen here.
    </ScreenPlaceholder>
  );
}
