import { SETTINGS_LABELS } from '@penman/contract';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { SettingsSection } from './settings-section.tsx';

// The sections whose server side comes later (issue 21): shown with their controls disabled and one
// line saying what they will do, never a fake success.

const NOTIFICATION_TOGGLES = [
  ['new-drafts', SETTINGS_LABELS.notifications.newDrafts],
  ['flagged-drafts', SETTINGS_LABELS.notifications.flaggedDrafts],
  ['failures', SETTINGS_LABELS.notifications.failures],
  ['weekly-summary', SETTINGS_LABELS.notifications.weeklySummary],
] as const;

export function NotificationsSection() {
  return (
    <SettingsSection
      id="notifications"
      title={SETTINGS_LABELS.sections.notifications}
      description={SETTINGS_LABELS.notifications.description}
    >
      <ul className="grid gap-3">
        {NOTIFICATION_TOGGLES.map(([id, label]) => (
          <li key={id} className="flex items-center justify-between gap-4">
            <Label htmlFor={`notify-${id}`} className="font-normal text-muted-foreground">
              {label}
            </Label>
            <Switch id={`notify-${id}`} disabled />
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}

export function DataExportSection() {
  return (
    <SettingsSection id="data-export" title={SETTINGS_LABELS.sections.dataExport} description={SETTINGS_LABELS.dataExport.description}>
      <Button variant="outline" disabled>
        {SETTINGS_LABELS.dataExport.export}
      </Button>
    </SettingsSection>
  );
}

export function DangerZoneSection() {
  return (
    <SettingsSection
      id="danger-zone"
      title={SETTINGS_LABELS.sections.dangerZone}
      description={SETTINGS_LABELS.dangerZone.description}
      danger
    >
      <Button variant="destructive" disabled>
        {SETTINGS_LABELS.dangerZone.deleteAccount}
      </Button>
    </SettingsSection>
  );
}
