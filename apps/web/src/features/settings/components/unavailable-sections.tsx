import { SETTINGS_LABELS } from '@penman/contract';
import { Button } from '@/components/ui/button.tsx';
import { SettingsSection } from './settings-section.tsx';

// The sections whose server side comes later (issue 21): shown with their controls disabled and one
// line saying what they will do, never a fake success.

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
