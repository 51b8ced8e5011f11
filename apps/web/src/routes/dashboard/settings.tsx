import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.settings}>
      Your profile, notification and security settings will live here.
    </ScreenPlaceholder>
  );
}
