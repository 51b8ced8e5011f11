import { DASHBOARD_LABELS, DRAFTS_LABELS, type SidebarCountsResponse } from '@penman/contract';
import {
  BookOpen,
  ChartColumn,
  FilePenLine,
  GraduationCap,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  Paperclip,
  Settings,
  Users,
} from 'lucide-react';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Dashboard is active only on its own path; every other item also on the paths below it. */
  exact?: boolean;
  badge?: keyof SidebarCountsResponse;
  /** Badge turns to the warning style when the count is 0. */
  warnWhenZero?: boolean;
};

const L = DASHBOARD_LABELS.nav;

export const MAIN_NAV: readonly NavItem[] = [
  { label: L.dashboard, to: '/dashboard', icon: LayoutDashboard, exact: true },
  { label: DRAFTS_LABELS.nav, to: '/dashboard/drafts', icon: FilePenLine, badge: 'draftsToReview' },
  { label: L.emailAccounts, to: '/dashboard/email-accounts', icon: Mail, badge: 'emailAccounts' },
  { label: L.training, to: '/dashboard/training', icon: GraduationCap },
  { label: L.contacts, to: '/dashboard/contacts', icon: Users },
  { label: L.knowledge, to: '/dashboard/knowledge', icon: BookOpen, badge: 'knowledgeDocuments', warnWhenZero: true },
  { label: L.attachments, to: '/dashboard/attachments', icon: Paperclip, badge: 'attachments', warnWhenZero: true },
  { label: L.analytics, to: '/dashboard/analytics', icon: ChartColumn },
];

export const SETTINGS_NAV: readonly NavItem[] = [
  { label: L.settings, to: '/dashboard/settings', icon: Settings },
  { label: L.help, to: '/dashboard/help', icon: LifeBuoy },
];

export function isNavItemActive(item: Pick<NavItem, 'to' | 'exact'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.exact) return path === item.to;
  return path === item.to || path.startsWith(`${item.to}/`);
}

/** The sidebar item the current page belongs to. */
export function findActiveNavItem(pathname: string): NavItem | undefined {
  return [...MAIN_NAV, ...SETTINGS_NAV].find((item) => isNavItemActive(item, pathname));
}

/** Screens the spec's sidebar does not list (reached from other screens' links), named in the top bar all the same. */
const UNLISTED_PAGES: readonly Pick<NavItem, 'label' | 'to'>[] = [{ label: DASHBOARD_LABELS.pageTitles.emails, to: '/dashboard/emails' }];

/** The top bar's title for the current page: its sidebar item's label, or the page's own title when the sidebar has no item for it. */
export function findPageTitle(pathname: string): string | undefined {
  return (findActiveNavItem(pathname) ?? UNLISTED_PAGES.find((page) => isNavItemActive(page, pathname)))?.label;
}
