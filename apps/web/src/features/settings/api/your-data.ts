import type { DeleteMyAccountRequest } from '@penman/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { networkError, parseApiError } from '@/lib/api-error.ts';

/**
 * Bytes of the export held as JavaScript arrays before they are folded into the Blob: the browser
 * keeps a Blob's data in its own blob storage, which goes to disk when large, so a mailbox of
 * gigabytes does not have to fit in the tab's heap.
 */
const FOLD_BYTES = 16 * 1024 * 1024;

/** A stream read into one Blob, folding every `foldBytes` read so far into it; `onProgress` gets the bytes read. */
export async function blobOfStream(
  stream: ReadableStream<Uint8Array<ArrayBuffer>>,
  onProgress: (bytes: number) => void,
  foldBytes = FOLD_BYTES,
): Promise<Blob> {
  let file = new Blob([], { type: 'application/zip' });
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  let pending = 0;
  let bytes = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done || pending >= foldBytes) {
      file = new Blob([file, ...chunks], { type: 'application/zip' });
      chunks = [];
      pending = 0;
    }
    if (done) return file;
    chunks.push(value);
    pending += value.byteLength;
    bytes += value.byteLength;
    onProgress(bytes);
  }
}

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
  const file = await blobOfStream(response.body, onProgress);
  return { file, contentDisposition: response.headers.get('content-disposition') };
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
