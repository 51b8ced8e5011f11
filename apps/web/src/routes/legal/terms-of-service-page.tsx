import { TermsOfService } from '@/features/public/components/legal/terms-of-service.tsx';
import { usePageMeta } from '@/features/public/page-meta.ts';
import { PublicPage } from '../landing/public-page.tsx';

/** /terms-of-service */
export function Component() {
  usePageMeta({
    title: 'Terms of Service · Penman',
    description:
      'The terms for using Penman, the self-hosted AI email assistant: the private beta, your account and mailboxes, reviewing AI drafts, acceptable use and your data.',
    path: '/terms-of-service',
  });
  return (
    <PublicPage onLanding={false}>
      <TermsOfService />
    </PublicPage>
  );
}
