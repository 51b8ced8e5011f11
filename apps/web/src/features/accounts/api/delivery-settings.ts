import type { DeliverySettingsResponse, SmtpSettingsInput } from '@penman/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

const deliveryOf = () => api.accounts[':id'].delivery;

/** What Approve does for this account (Save to Drafts or Send), its SMTP settings (IMAP), and whether it can deliver at all. */
export async function getDeliverySettings(accountId: string, signal?: AbortSignal): Promise<DeliverySettingsResponse> {
  return unwrap(deliveryOf().$get({ param: { id: accountId } }, { init: { signal } }));
}

export const deliverySettingsQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: accountKeys.delivery(accountId), queryFn: ({ signal }) => getDeliverySettings(accountId, signal) });

export function useDeliverySettings(accountId: string) {
  return useQuery(deliverySettingsQueryOptions(accountId));
}

type DeliveryChanges = { mode?: DeliverySettingsResponse['mode']; smtp?: SmtpSettingsInput };

/** Saves the mode and/or the SMTP settings; the server logs in with SMTP settings before it saves them. */
export async function updateDeliverySettings({ accountId, changes }: { accountId: string; changes: DeliveryChanges }) {
  return unwrap(deliveryOf().$put({ param: { id: accountId }, json: changes }));
}

export function useUpdateDeliverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliverySettings,
    onSuccess: (answer, { accountId }) => queryClient.setQueryData(accountKeys.delivery(accountId), answer),
  });
}

/** Logs in to the SMTP server with these settings without saving them ("Check connection"). */
export async function checkSmtp({ accountId, smtp }: { accountId: string; smtp: SmtpSettingsInput }) {
  return unwrap(deliveryOf().check.$post({ param: { id: accountId }, json: { smtp } }));
}

export function useCheckSmtp() {
  return useMutation({ mutationFn: checkSmtp });
}
