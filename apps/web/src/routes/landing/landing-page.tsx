import { lazy, Suspense, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';
import { useOpenSignUpOnArrival } from '@/features/auth/hooks/use-open-sign-up.ts';
import { Hero } from '@/features/public/components/hero.tsx';
import { usePageMeta } from '@/features/public/page-meta.ts';
import { useAuth } from '@/lib/auth.tsx';
import { PublicPage } from './public-page.tsx';

// The sections below the hero are their own chunk, requested as soon as this module runs (in
// parallel with the session lookup), so the header and hero can render without waiting for them.
const sectionsModule = import('@/features/public/components/landing-sections.tsx');
const LandingSections = lazy(() => sectionsModule.then((m) => ({ default: m.LandingSections })));

/** `/`: a spinner while the session loads; signed-in users go to the dashboard; everyone else sees the site. */
export function LandingPage() {
  const { user, loading } = useAuth();
  // The page replaces the spinner in a transition: React renders it in slices, never in one long task.
  const stillLoading = useDeferredValue(loading, true);
  if (loading || stillLoading) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;
  return <Landing />;
}

function Landing() {
  useOpenSignUpOnArrival();
  usePageMeta({
    title: 'Penman — AI email assistant that writes in your voice',
    description:
      'Penman connects your mailboxes, learns how you write, and drafts replies in your own voice in under 10 seconds, for you to approve. Self-hosted and private. Join the waitlist.',
    path: '/',
  });
  return (
    <PublicPage onLanding>
      <Hero />
      <BelowTheFold />
    </PublicPage>
  );
}

/**
 * The sections render after the hero, as a transition React can interrupt, so showing the hero
 * never waits for them and their rendering never blocks input. Until then, a screen-high
 * placeholder keeps the footer out of view (no layout shift).
 */
function BelowTheFold() {
  const [show, setShow] = useState(false);
  useEffect(() => startTransition(() => setShow(true)), []);
  const placeholder = <div className="min-h-svh" />;
  if (!show) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LandingSections />
    </Suspense>
  );
}
