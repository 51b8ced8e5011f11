import { SETTINGS_LABELS } from '@penman/contract';
import { Separator } from '@/components/ui/separator.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { SessionsList } from './sessions-list.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

export function SecuritySection() {
  return (
    <SettingsSection id="security" title={SETTINGS_LABELS.sections.security} description={SETTINGS_LABELS.security.description}>
      <div className="grid gap-6">
        <ChangePasswordForm />
        <Separator />
        <TwoFactorCard />
        <Separator />
        <SessionsList />
      </div>
    </SettingsSection>
  );
}
