import { ZAccountResponse } from '@penman/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAccount } from './get-accounts.ts';
import { accountKeys, SIDEBAR_COUNTS_PREFIX } from './query-keys.ts';
import { type UploadProgress, uploadForm } from './request.ts';

export type ImportMailboxInput = {
  /** The owner's address: tells sent messages from received ones. */
  emailAddress: string;
  /** The owner's other addresses: mail from them is sent mail too. */
  aliases?: string[];
  /** The file is a Sent folder exported alone: every message in it is sent mail. */
  sentOnly?: boolean;
  /** An .mbox file or a .zip of .eml files. */
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** Uploads a mailbox file as a read-only account; the server then imports it as a background job. */
export async function importMailbox({ emailAddress, aliases = [], sentOnly = false, file, onProgress, signal }: ImportMailboxInput) {
  const form = new FormData();
  // The fields before the file: the server refuses a wrong address before a large upload.
  form.append('emailAddress', emailAddress);
  if (aliases.length > 0) form.append('aliases', aliases.join(', '));
  if (sentOnly) form.append('sentOnly', 'true');
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
