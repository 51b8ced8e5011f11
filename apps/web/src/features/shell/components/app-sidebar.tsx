import type { SidebarCountsResponse } from '@penman/contract';
import { Feather } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar.tsx';
import { cn } from '@/lib/utils.ts';
import { useSidebarCounts } from '../api/get-sidebar-counts.ts';
import { isNavItemActive, MAIN_NAV, type NavItem, SETTINGS_NAV } from './nav-items.ts';
import { SidebarUser } from './sidebar-user.tsx';

export function AppSidebar() {
  const { pathname } = useLocation();
  const counts = useSidebarCounts();
  const closeMobile = useCloseMobileSidebar();

  return (
    <Sidebar label="Sidebar">
      <SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
        <Link
          to="/dashboard"
          onClick={closeMobile}
          className="flex items-center gap-2.5 rounded-md px-1.5 py-1 outline-none max-md:min-h-11 focus-visible:ring-2 focus-visible:ring-ring group-data-[state=collapsed]:justify-center group-data-[state=collapsed]:px-0"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Feather className="size-4" aria-hidden="true" />
          </span>
          <span className="text-base font-semibold tracking-tight group-data-[state=collapsed]:sr-only">Penman</span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <NavGroup label="Main" items={MAIN_NAV} pathname={pathname} counts={counts.data} />
        <NavGroup label="Settings" items={SETTINGS_NAV} pathname={pathname} counts={counts.data} />
      </SidebarContent>
      <SidebarFooter>
        <SidebarUser />
      </SidebarFooter>
    </Sidebar>
  );
}

type NavGroupProps = { label: string; items: readonly NavItem[]; pathname: string; counts: SidebarCountsResponse | undefined };

function NavGroup({ label, items, pathname, counts }: NavGroupProps) {
  return (
    <SidebarGroup>
      <SidebarGroupLabel aria-hidden="true">{label}</SidebarGroupLabel>
      <nav aria-label={label}>
        <SidebarMenu>
          {items.map((item) => (
            <NavMenuItem
              key={item.to}
              item={item}
              active={isNavItemActive(item, pathname)}
              count={item.badge ? counts?.[item.badge] : undefined}
            />
          ))}
        </SidebarMenu>
      </nav>
    </SidebarGroup>
  );
}

/** The mobile overlay closes once the user has picked a page. */
function useCloseMobileSidebar(): () => void {
  const { isMobile, setOpenMobile } = useSidebar();
  return () => {
    if (isMobile) setOpenMobile(false);
  };
}

function NavMenuItem({ item, active, count }: { item: NavItem; active: boolean; count: number | undefined }) {
  const Icon = item.icon;
  const closeMobile = useCloseMobileSidebar();
  const warning = item.warnWhenZero === true && count === 0;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={count === undefined ? item.label : `${item.label} (${count})`}>
        <Link to={item.to} aria-current={active ? 'page' : undefined} onClick={closeMobile}>
          <Icon aria-hidden="true" />
          <SidebarLabel>{item.label}</SidebarLabel>
          {count === undefined ? null : (
            <Badge
              variant={warning ? 'warning' : 'secondary'}
              data-slot="sidebar-menu-badge"
              data-warning={warning ? 'true' : undefined}
              className={cn('ml-auto min-w-6 group-data-[state=collapsed]:hidden', active && !warning && 'bg-card')}
            >
              {count}
            </Badge>
          )}
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
