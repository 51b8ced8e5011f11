import { AboutContent } from '@/features/public/components/about-content.tsx';
import { usePageMeta } from '@/features/public/page-meta.ts';
import { dispatchOpenSignUp } from '@/lib/events.ts';
import { PublicPage } from '../landing/public-page.tsx';

/** /about */
export function Component() {
  usePageMeta({
    title: 'About Penman — from a family business inbox to an AI email assistant',
    description:
      'Penman began at a family business kitchen table, answering the same emails every evening. Read why we built an assistant that drafts replies in your own voice.',
    path: '/about',
  });
  return (
    <PublicPage onLanding={false}>
      <AboutContent onJoinWaitlist={dispatchOpenSignUp} />
    </PublicPage>
  );
}
