import { type NotificationPrefs, SETTINGS_LABELS, SETTINGS_MESSAGES, TOAST_MS } from '@penman/contract';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../api/notification-prefs.ts';
import { notificationToggles } from './notification-toggles.ts';
import { SettingsSection } from './settings-section.tsx';

const labels = SETTINGS_LABELS.notifications;

/** The spec's notification toggles; each switch saves at once. */
export function NotificationsSection() {
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const current = prefs.data?.prefs;

  const toggle = (key: keyof NotificationPrefs, checked: boolean) => {
    if (!current) return;
    save.mutate(
      { ...current, [key]: checked },
      {
        onSuccess: () => toast.success(SETTINGS_MESSAGES.notificationPrefsSaved, { duration: TOAST_MS.default }),
        onError: (error) => toast.error(SETTINGS_MESSAGES.failed(error.message)),
      },
    );
  };

  return (
    <SettingsSection id="notifications" title={SETTINGS_LABELS.sections.notifications} description={labels.description}>
      <ul className="grid gap-4">
        {notificationToggles(prefs.data?.emailSender ?? null).map(({ key, label, hints }) => (
          <li key={key} className="flex items-start justify-between gap-4 max-md:min-h-11">
            <div className="grid gap-0.5">
              <Label htmlFor={`notify-${key}`} className="font-normal">
                {label}
              </Label>
              {hints.map((hint) => (
                <p key={hint} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              ))}
            </div>
            <Switch
              id={`notify-${key}`}
              checked={current?.[key] ?? false}
              disabled={!current || save.isPending}
              onCheckedChange={(checked) => toggle(key, checked)}
            />
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
