import { PUBLIC_LABELS } from '@penman/contract';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { BrandLink } from './brand.tsx';

/** The landing page's sections the header links to. */
export const SECTION_LINKS = [
  { id: 'features', label: PUBLIC_LABELS.nav.features },
  { id: 'case-studies', label: PUBLIC_LABELS.nav.caseStudies },
  { id: 'faq', label: PUBLIC_LABELS.nav.faq },
  { id: 'pricing', label: PUBLIC_LABELS.nav.pricing },
] as const;

export type HeaderUser = { firstName: string | null; lastName: string | null; email: string };

type SiteHeaderProps = {
  /** On the landing page the section links are in-page anchors; elsewhere they go to /#section. */
  onLanding: boolean;
  /** The signed-in user; null when signed out; undefined while the session loads. */
  user: HeaderUser | null | undefined;
  onSignIn: () => void;
  onGetStarted: () => void;
  onSignOut: () => void;
};

/** Fixed at the top: logo, section links, About, and the account buttons; a collapsible menu on phones. */
export function SiteHeader({ onLanding, user, onSignIn, onGetStarted, onSignOut }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const sectionLink = (section: (typeof SECTION_LINKS)[number], className: string) =>
    onLanding ? (
      <a key={section.id} href={`#${section.id}`} className={className} onClick={closeMenu}>
        {section.label}
      </a>
    ) : (
      <Link key={section.id} to={`/#${section.id}`} className={className} onClick={closeMenu}>
        {section.label}
      </Link>
    );
  const aboutLink = (className: string) => (
    <Link to="/about" className={className} onClick={closeMenu}>
      {PUBLIC_LABELS.nav.about}
    </Link>
  );

  const account = (layout: 'bar' | 'menu') => {
    const wide = layout === 'menu' ? 'w-full' : '';
    if (user === undefined) return null;
    if (user) {
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
      return (
        <>
          <span className={`truncate text-sm font-medium ${layout === 'menu' ? 'px-1 py-2' : 'max-w-48'}`}>{name}</span>
          <button type="button" className={buttonVariants({ variant: 'outline', className: wide })} onClick={onSignOut}>
            {PUBLIC_LABELS.signOut}
          </button>
        </>
      );
    }
    return (
      <>
        {layout === 'bar' ? (
          <button type="button" className={buttonVariants({ variant: 'ghost' })} onClick={onSignIn}>
            {PUBLIC_LABELS.signIn}
          </button>
        ) : null}
        <button
          type="button"
          className={buttonVariants({ className: wide })}
          onClick={() => {
            closeMenu();
            onGetStarted();
          }}
        >
          {PUBLIC_LABELS.getStarted}
        </button>
      </>
    );
  };

  const barLink =
    'rounded-md px-3 py-2 text-sm font-medium text-slate-700 outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';
  const menuLink =
    'block rounded-md px-3 py-2.5 text-base font-medium text-slate-800 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((section) => sectionLink(section, barLink))}
          {aboutLink(barLink)}
        </nav>
        <div className="hidden items-center gap-2 md:flex">{account('bar')}</div>
        <div className="flex items-center gap-1 md:hidden">
          {/* On phones Sign In stays in the bar; everything else is in the menu. */}
          {user === null ? (
            <button
              type="button"
              className={buttonVariants({ variant: 'ghost' })}
              onClick={() => {
                closeMenu();
                onSignIn();
              }}
            >
              {PUBLIC_LABELS.signIn}
            </button>
          ) : null}
          <button
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t bg-background px-4 pt-2 pb-4 shadow-lg md:hidden">
        <nav aria-label="Mobile" className="grid gap-1">
          {SECTION_LINKS.map((section) => sectionLink(section, menuLink))}
          {aboutLink(menuLink)}
        </nav>
        <div className="mt-3 grid gap-2 border-t pt-3">{account('menu')}</div>
      </div>
    </header>
  );
}
