import type { FileCategory, ZUploadFilesResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { networkError, parseApiError } from '@/lib/api-error.ts';
import { DASHBOARD_COUNTS_KEY, filesKeys } from './query-keys.ts';

type UploadFilesResponse = z.infer<typeof ZUploadFilesResponse>;

export type UploadRequest = {
  accountId: string;
  file: File;
  categories: readonly FileCategory[];
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
};

/** An upload the user cancelled: no toast, no error. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/**
 * Sends one file as multipart/form-data, the field `categories` BEFORE the file (the server checks
 * them before it stores a byte). XMLHttpRequest, not fetch: only it reports upload progress.
 */
export function uploadFile({ accountId, file, categories, onProgress, signal }: UploadRequest): Promise<UploadFilesResponse> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('categories', categories.join(','));
    form.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/accounts/${encodeURIComponent(accountId)}/files`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const body = () => Promise.resolve(JSON.parse(request.responseText) as unknown);
      if (request.status >= 200 && request.status < 300) {
        body().then((parsed) => resolve(parsed as UploadFilesResponse), reject);
      } else {
        void parseApiError({ status: request.status, statusText: request.statusText, json: body }).then(reject);
      }
    });
    request.addEventListener('error', () => reject(networkError(new Error('upload failed'))));
    request.addEventListener('abort', () => reject(new UploadCancelledError()));
    if (signal) {
      if (signal.aborted) return reject(new UploadCancelledError());
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(form);
  });
}

/** The new rows join the cached list at once; the list and the dashboard's counts are read again. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    retry: false,
    onSuccess: (_answer, { accountId }) => {
      void queryClient.invalidateQueries({ queryKey: filesKeys.account(accountId) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_COUNTS_KEY });
    },
  });
}
