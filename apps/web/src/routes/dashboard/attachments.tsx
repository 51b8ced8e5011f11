import { registerFileUpdates } from '@/features/files/api/file-updates.ts';
import { fileAccountsQueryOptions } from '@/features/files/api/get-file-accounts.ts';
import { FilesScreen } from '@/features/files/components/files-screen.tsx';
import { SESSION_QUERY_KEY } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';

// Documents are read in the background and files change from other tabs: keep the list live from now on.
registerFileUpdates();

/** Starts the accounts request while the page's code loads (when the session is known to be signed in). */
export function loader() {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  void queryClient.prefetchQuery(fileAccountsQueryOptions());
  return null;
}

export function Component() {
  return <FilesScreen mode="attachment" />;
}
