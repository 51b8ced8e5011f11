import type { ContactRequest } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client.ts';

export function sendContactMessage(input: ContactRequest) {
  return unwrap(api.contact.$post({ json: input }));
}

/** Never retried: a second try could store the message twice. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage, retry: false });
}
