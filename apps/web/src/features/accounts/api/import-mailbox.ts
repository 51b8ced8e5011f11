import { ZAccountResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from './query-keys.ts';
import { type UploadProgress, uploadForm } from './request.ts';

export type ImportMailboxInput = {
  /** The owner's address: tells sent messages from received ones. */
  emailAddress: string;
  /** An .mbox file or a .zip of .eml files. */
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** Uploads a mailbox file as a read-only account; the server then imports it as a background job. */
export async function importMailbox({ emailAddress, file, onProgress, signal }: ImportMailboxInput) {
  const form = new FormData();
  form.append('emailAddress', emailAddress);
  form.append('file', file, file.name);
  const { account } = await uploadForm('/accounts/import', ZAccountResponse, form, { onProgress, signal });
  return account;
}

export function useImportMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importMailbox,
    retry: false,
    onSuccess: (account) => {
      storeAccount(queryClient, account);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: SIDEBAR_COUNTS_PREFIX });
    },
  });
}
