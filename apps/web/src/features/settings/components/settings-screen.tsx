import { AccountInfoSection } from './account-info-section.tsx';
import { DangerZoneSection } from './danger-zone-section.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SecuritySection } from './security-section.tsx';

/** The spec's sections in its order: profile, account info, notifications, security, data export, danger zone. */
export function SettingsScreen() {
  return (
    <div className="grid max-w-3xl gap-6">
      <ProfileSection />
      <AccountInfoSection />
      <NotificationsSection />
      <SecuritySection />
      <DataExportSection />
      <DangerZoneSection />
    </div>
  );
}
