import { PrivacyPolicy } from '@/features/public/components/legal/privacy-policy.tsx';
import { usePageMeta } from '@/features/public/page-meta.ts';
import { PublicPage } from '../landing/public-page.tsx';

/** /privacy-policy */
export function Component() {
  usePageMeta({
    title: 'Privacy Policy · Penman',
    description:
      'What Penman stores (mail, contacts, style profile, files), where it is kept, how secrets are encrypted with AES-256-GCM, and how to export or delete your data.',
    path: '/privacy-policy',
  });
  return (
    <PublicPage onLanding={false}>
      <PrivacyPolicy />
    </PublicPage>
  );
}
