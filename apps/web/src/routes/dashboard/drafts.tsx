import type { LoaderFunctionArgs } from 'react-router';
import { draftAccountsQueryOptions } from '@/features/drafts/api/get-draft-accounts.ts';
import { draftsQueryOptions } from '@/features/drafts/api/get-drafts.ts';
import { DraftsScreen } from '@/features/drafts/components/drafts-screen.tsx';
import { SESSION_QUERY_KEY } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';

/** Starts loading the queue the address asks for while the screen's code arrives (when the session is known). */
export function loader({ request }: LoaderFunctionArgs) {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  const params = new URL(request.url).searchParams;
  void queryClient.prefetchInfiniteQuery(
    draftsQueryOptions({ accountId: params.get('account') ?? undefined, needsReview: params.get('review') === '1' }),
  );
  void queryClient.prefetchQuery(draftAccountsQueryOptions());
  return null;
}

export function Component() {
  return <DraftsScreen />;
}
