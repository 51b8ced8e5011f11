import type { LoaderFunctionArgs } from 'react-router';
import { registerEmailDraftUpdates } from '@/features/emails/api/email-draft-updates.ts';
import { accountOptionsQueryOptions } from '@/features/emails/api/get-email-accounts.ts';
import { emailsQueryOptions } from '@/features/emails/api/get-emails.ts';
import { EmailsScreen } from '@/features/emails/components/emails-screen.tsx';
import { listParamsFrom } from '@/features/emails/components/list-params.ts';
import { queryClient } from '@/lib/query-client.ts';

// An open email shows its reply draft: keep it live as drafts are written and decided.
registerEmailDraftUpdates();

/** Starts loading the page the address asks for while the screen's code arrives (never blocks, never throws). */
export function loader({ request }: LoaderFunctionArgs) {
  const { page: _page, ...params } = listParamsFrom(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(emailsQueryOptions(params));
  void queryClient.prefetchQuery(accountOptionsQueryOptions());
  return null;
}

export function Component() {
  return <EmailsScreen />;
}
