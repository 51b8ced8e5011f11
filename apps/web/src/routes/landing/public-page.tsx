import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { SiteHeader } from '@/features/public/components/site-header.tsx';
import { useAuth } from '@/lib/auth.tsx';
import { OPEN_SIGN_UP_EVENT } from '@/lib/events.ts';

// The dialogs load when first opened: the landing page's first load carries no form library.
const SignInDialog = lazy(() => import('@/features/auth/components/sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));
const WaitlistDialog = lazy(() => import('@/features/public/components/waitlist-dialog.tsx').then((m) => ({ default: m.WaitlistDialog })));
// The footer is below the fold of every page: its own small chunk.
const SiteFooter = lazy(() => import('@/features/public/components/site-footer.tsx').then((m) => ({ default: m.SiteFooter })));
const ContactDialog = lazy(() => import('@/features/public/components/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })));

type Dialog = 'signIn' | 'waitlist' | 'contact';

/**
 * The frame of every public page: fixed header, content, footer, and the Sign In, waitlist
 * (sign-up) and contact dialogs. The `openSignUp` window event opens the waitlist dialog.
 */
export function PublicPage({ onLanding, children }: { onLanding: boolean; children: ReactNode }) {
  const { user, loading, signOut } = useAuth();
  const [open, setOpen] = useState<Dialog | null>(null);
  // A dialog's code is fetched the first time it opens, then it stays mounted to animate closing.
  const [loaded, setLoaded] = useState<Record<Dialog, boolean>>({ signIn: false, waitlist: false, contact: false });

  const show = useCallback((dialog: Dialog) => {
    setLoaded((current) => (current[dialog] ? current : { ...current, [dialog]: true }));
    setOpen(dialog);
  }, []);
  const onOpenChange = (dialog: Dialog) => (next: boolean) =>
    next ? show(dialog) : setOpen((current) => (current === dialog ? null : current));

  useEffect(() => {
    const openWaitlist = () => show('waitlist');
    window.addEventListener(OPEN_SIGN_UP_EVENT, openWaitlist);
    return () => window.removeEventListener(OPEN_SIGN_UP_EVENT, openWaitlist);
  }, [show]);

  const onSignOut = () => {
    signOut().catch(async (error: unknown) => {
      const { toast } = await import('sonner');
      toast.error('Sign out failed', { description: error instanceof Error ? error.message : undefined });
    });
  };

  return (
    <div className="flex min-h-svh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <SiteHeader
        onLanding={onLanding}
        user={loading ? undefined : user}
        onSignIn={() => show('signIn')}
        onGetStarted={() => show('waitlist')}
        onSignOut={onSignOut}
      />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Suspense fallback={null}>
        <SiteFooter onLanding={onLanding} onContact={() => show('contact')} />
      </Suspense>
      <Suspense fallback={null}>
        {loaded.signIn ? <SignInDialog open={open === 'signIn'} onOpenChange={onOpenChange('signIn')} /> : null}
        {loaded.waitlist ? (
          <WaitlistDialog open={open === 'waitlist'} onOpenChange={onOpenChange('waitlist')} onSignIn={() => show('signIn')} />
        ) : null}
        {loaded.contact ? <ContactDialog open={open === 'contact'} onOpenChange={onOpenChange('contact')} /> : null}
      </Suspense>
    </div>
  );
}
