import { trainingAccountsQueryOptions } from '@/features/training/api/get-training-accounts.ts';
import { registerTrainingUpdates } from '@/features/training/api/training-updates.ts';
import { TrainingScreen } from '@/features/training/components/training-screen.tsx';
import { SESSION_QUERY_KEY } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';

// Sessions start and end on the server, and counters move while mail downloads: keep the training data live from now on.
registerTrainingUpdates();

/** Starts the accounts request while the page's code loads (when the session is known to be signed in). */
export function loader() {
  if (!queryClient.getQueryData(SESSION_QUERY_KEY)) return null;
  void queryClient.prefetchQuery(trainingAccountsQueryOptions());
  return null;
}

export function Component() {
  return <TrainingScreen />;
}
