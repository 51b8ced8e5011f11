import { DASHBOARD_LABELS } from '@penman/contract';
import { ScreenPlaceholder } from '@/components/screen-placeholder.tsx';

export function Component() {
  return (
    <ScreenPlaceholder title={DASHBOARD_LABELS.pageTitles.contacts}>
      The contact book Penman builds from your mail will appear here.
    </ScreenPlaceholder>
  );
}
