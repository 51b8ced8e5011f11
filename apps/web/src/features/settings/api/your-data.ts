import type { DeleteMyAccountRequest } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';

/**
 * Downloads the data export. The server streams the zip (its size is unknown up front); the page
 * reads it here to show the bytes received and to report a failure with the spec's message; the
 * caller hands the file to the browser's download.
 */
export async function downloadMyData(onProgress: (bytes: number) => void): Promise<{ file: Blob; contentDisposition: string | null }> {
  let response: Response;
  try {
    response = await fetch('/api/settings/export', { credentials: 'same-origin' });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok || !response.body) throw await parseApiError(response);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return { file: new Blob(chunks, { type: 'application/zip' }), contentDisposition: response.headers.get('content-disposition') };
}

/** Deletes the signed-in user; answers once every row, file and session is gone. */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: async (input: DeleteMyAccountRequest) => {
      let response: Response;
      try {
        response = await api.settings['delete-account'].$post({ json: input });
      } catch (error) {
        throw networkError(error);
      }
      // 204 and no body: nothing to parse.
      if (!response.ok) throw await parseApiError(response);
    },
  });
}
