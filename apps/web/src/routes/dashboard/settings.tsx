import { DASHBOARD_LABELS } from '@penman/contract';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { accountInfoQueryOptions } from '@/features/settings/api/account-info.ts';
import { notificationPrefsQueryOptions } from '@/features/settings/api/notification-prefs.ts';
import { profileQueryOptions } from '@/features/settings/api/profile.ts';
import { sessionsQueryOptions } from '@/features/settings/api/sessions.ts';
import { SettingsScreen } from '@/features/settings/components/settings-screen.tsx';
import { SESSION_QUERY_KEY } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';

/** Starts the page's requests while its code loads (when the session is known to be signed in). */
export function loader() {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  void queryClient.prefetchQuery(profileQueryOptions());
  void queryClient.prefetchQuery(accountInfoQueryOptions());
  void queryClient.prefetchQuery(sessionsQueryOptions());
  void queryClient.prefetchQuery(notificationPrefsQueryOptions());
  return null;
}

export function Component() {
  return (
    <>
      <PageHeader title={DASHBOARD_LABELS.pageTitles.settings} description="Your profile, account and security." />
      <SettingsScreen />
    </>
  );
}
