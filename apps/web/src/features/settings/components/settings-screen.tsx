import { AccountInfoSection } from './account-info-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SecuritySection } from './security-section.tsx';
import { DangerZoneSection, DataExportSection, NotificationsSection } from './unavailable-sections.tsx';

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
