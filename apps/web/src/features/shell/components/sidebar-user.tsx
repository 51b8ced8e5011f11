import { DASHBOARD_LABELS, SHELL_MESSAGES } from '@penman/contract';
import { EllipsisVertical, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useSidebar } from '@/components/ui/sidebar.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { displayEmail, displayName, userInitials } from './user-display.ts';

export function SidebarUser() {
  const { user, signOut } = useAuth();
  const { state, isMobile } = useSidebar();
  const navigate = useNavigate();
  const [pending, setPending] = useState<'this' | 'all' | null>(null);
  const name = displayName(user);
  const email = displayEmail(user);
  const collapsed = state === 'collapsed' && !isMobile;

  const runSignOut = async (allDevices: boolean) => {
    if (pending) return;
    setPending(allDevices ? 'all' : 'this');
    try {
      await signOut({ allDevices });
      navigate('/', { replace: true });
    } catch (error) {
      toast.error('Sign out failed', { description: error instanceof Error ? error.message : undefined });
      setPending(null);
    }
  };

  const signOutButton = (
    <Button
      variant="outline"
      size={collapsed ? 'icon-sm' : 'sm'}
      className={collapsed ? 'mx-auto' : 'flex-1'}
      disabled={pending !== null}
      aria-label={collapsed ? DASHBOARD_LABELS.signOut : undefined}
      onClick={() => runSignOut(false)}
    >
      {pending === 'this' ? <Spinner /> : <LogOut aria-hidden="true" />}
      {collapsed ? null : DASHBOARD_LABELS.signOut}
    </Button>
  );

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2.5 px-1 py-1 group-data-[state=collapsed]:justify-center group-data-[state=collapsed]:px-0">
        <span
          aria-hidden="true"
          title={collapsed ? (name ?? SHELL_MESSAGES.userFallback) : undefined}
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {userInitials(name, email)}
        </span>
        <div className="min-w-0 flex-1 leading-tight group-data-[state=collapsed]:sr-only">
          <p className="truncate text-sm font-medium" data-testid="sidebar-user-name">
            {name ?? SHELL_MESSAGES.userFallback}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="sidebar-user-email">
            {email ?? SHELL_MESSAGES.emailFallback}
          </p>
        </div>
      </div>
      <div className={collapsed ? 'flex flex-col items-center gap-1' : 'flex items-center gap-1.5'}>
        {collapsed ? (
          <Tooltip>
            <TooltipTrigger asChild>{signOutButton}</TooltipTrigger>
            <TooltipContent side="right">{DASHBOARD_LABELS.signOut}</TooltipContent>
          </Tooltip>
        ) : (
          signOutButton
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label="More account actions" disabled={pending !== null}>
              {pending === 'all' ? <Spinner /> : <EllipsisVertical aria-hidden="true" />}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent side={isMobile ? 'top' : 'right'} align="end">
            <DropdownMenuLabel>{email ?? SHELL_MESSAGES.emailFallback}</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => runSignOut(true)}>
              <MonitorSmartphone aria-hidden="true" />
              {DASHBOARD_LABELS.signOutAllDevices}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
