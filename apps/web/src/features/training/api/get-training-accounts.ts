import type { EmailAccount } from '@penman/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { trainingKeys } from './query-keys.ts';

export type TrainingAccount = Pick<EmailAccount, 'id' | 'emailAddress' | 'displayName'>;

/** The user's email accounts for the account picker (newest first, as the server lists them). */
export async function getTrainingAccounts(): Promise<TrainingAccount[]> {
  const { accounts } = await unwrap(api.accounts.$get());
  return accounts.map(({ id, emailAddress, displayName }) => ({ id, emailAddress, displayName }));
}

export const trainingAccountsQueryOptions = () => queryOptions({ queryKey: trainingKeys.accounts(), queryFn: getTrainingAccounts });

/** Read again on every visit (accounts are added and deleted on another screen), showing the cached list meanwhile. */
export function useTrainingAccounts() {
  return useQuery({ ...trainingAccountsQueryOptions(), staleTime: 0 });
}
