import { NOTIFICATION_LABELS } from '@penman/contract';
import { BellIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications.ts';
import { type BrowserPermission, newlyArrived, offerBrowserNotifications, unreadBadge } from './notifications-view.ts';

function browserPermission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The header's bell: unread count, the latest notifications, mark read; browser pop-ups when allowed. */
export function NotificationBell() {
  const { data } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const known = useRef<Set<string> | undefined>(undefined);

  // A notification that arrives while this tab is open pops up as a browser notification, if allowed.
  useEffect(() => {
    if (!data) return;
    const fresh = newlyArrived(data.notifications, known.current);
    known.current = new Set(data.notifications.map((n) => n.id));
    if (permission !== 'granted') return;
    for (const n of fresh) new Notification(n.title, { body: n.body, tag: n.id });
  }, [data, permission]);

  const unread = data?.unread ?? 0;
  const badge = unreadBadge(unread);
  const label = badge ? `${NOTIFICATION_LABELS.bell}, ${NOTIFICATION_LABELS.unread(unread)}` : NOTIFICATION_LABELS.bell;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative" data-testid="notification-bell">
          <BellIcon aria-hidden />
          {badge ? (
            <span
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1.5rem))]">
        <DropdownMenuLabel>{NOTIFICATION_LABELS.bell}</DropdownMenuLabel>
        {data && data.notifications.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">{NOTIFICATION_LABELS.empty}</p>
        ) : null}
        <div className="max-h-80 overflow-y-auto">
          {data?.notifications.map((n) => (
            <DropdownMenuItem
              key={n.id}
              className="grid items-start gap-0.5"
              onSelect={() => {
                if (!n.read) markRead.mutate(n.id);
                if (n.link) void navigate(n.link);
              }}
            >
              <span className={n.read ? 'text-muted-foreground' : 'font-medium'}>{n.title}</span>
              <span className="line-clamp-2 text-xs text-muted-foreground break-words">{n.body}</span>
            </DropdownMenuItem>
          ))}
        </div>
        <DropdownMenuSeparator />
        {unread > 0 ? <DropdownMenuItem onSelect={() => markAllRead.mutate()}>{NOTIFICATION_LABELS.markAllRead}</DropdownMenuItem> : null}
        {offerBrowserNotifications(permission) ? (
          <DropdownMenuItem
            onSelect={() => {
              void Notification.requestPermission().then((answer) => setPermission(answer));
            }}
          >
            {NOTIFICATION_LABELS.enableBrowser}
          </DropdownMenuItem>
        ) : null}
        {permission === 'denied' ? <p className="px-2 py-1.5 text-xs text-muted-foreground">{NOTIFICATION_LABELS.browserBlocked}</p> : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
