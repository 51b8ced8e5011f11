import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { settingsKeys } from './query-keys.ts';

export const accountInfoQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.account(), queryFn: () => unwrap(api.settings.account.$get()) });

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
