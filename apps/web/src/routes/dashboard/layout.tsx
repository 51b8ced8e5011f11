import { Outlet, useLocation } from 'react-router';
import { Separator } from '@/components/ui/separator.tsx';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar.tsx';
import { registerDraftUpdates } from '@/features/drafts/api/draft-updates.ts';
import { registerNotificationUpdates } from '@/features/notifications/api/notifications.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { AppSidebar } from '@/features/shell/components/app-sidebar.tsx';
import { findPageTitle } from '@/features/shell/components/nav-items.ts';
import { useRealtime } from '@/lib/realtime.ts';

// New drafts arrive on any screen: the sidebar badge (and the queue, when open) follow on every tab.
registerDraftUpdates();
registerNotificationUpdates();

/** The signed-in frame: sidebar, top bar with the toggle, and the current screen. */
export function Component() {
  useRealtime();
  const { pathname } = useLocation();
  const section = findPageTitle(pathname);

  return (
    <SidebarProvider>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mx-1 h-5" />
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground">{section ?? 'Penman'}</p>
          <NotificationBell />
        </header>
        <main id="main-content" tabIndex={-1} aria-label={section ?? 'Dashboard'} className="flex-1 outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Outlet />
          </div>
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
