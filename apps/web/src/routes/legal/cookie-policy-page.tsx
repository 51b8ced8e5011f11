import { CookiePolicy } from '@/features/public/components/legal/cookie-policy.tsx';
import { usePageMeta } from '@/features/public/page-meta.ts';
import { PublicPage } from '../landing/public-page.tsx';

/** /cookie-policy */
export function Component() {
  usePageMeta({
    title: 'Cookie Policy · Penman',
    description:
      'Penman uses a session cookie to keep you signed in and one preference cookie. No tracking, analytics or advertising cookies.',
    path: '/cookie-policy',
  });
  return (
    <PublicPage onLanding={false}>
      <CookiePolicy />
    </PublicPage>
  );
}
