import { FILE_CATEGORIES, type FileCategory, type StoredFile } from '@penman/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { UploadCancelledError, useUploadFile } from '../api/upload-file.ts';
import { uploadFailureTitle, uploadProblem } from './file-view.ts';

type Problem = { field: 'file' | 'categories' | 'upload'; message: string } | null;

type UploadFormOptions = { mode: FileCategory; accountId: string; existing: readonly StoredFile[]; onDone: () => void };

/**
 * The upload dialog's state and actions: the chosen file, the category toggles (the mode's on at
 * first), what is wrong with them (checked as the user chooses, in the spec's words), the upload
 * with its progress and toasts. Closing the dialog mid-upload stops the upload.
 */
export function useUploadForm({ mode, accountId, existing, onDone }: UploadFormOptions) {
  const upload = useUploadFile();
  const [file, setFile] = useState<File | null>(null);
  const [categories, setCategories] = useState<FileCategory[]>([mode]);
  const [problem, setProblem] = useState<Problem>(null);
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const check = (next: { file?: File | null; categories?: FileCategory[] }) => {
    const chosen = next.file ?? file;
    const found = uploadProblem({ file: chosen, categories: next.categories ?? categories, existing });
    // A missing file is not a problem to shout about until the user tries to send.
    setProblem(found && !(found.field === 'file' && !chosen) ? found : null);
  };

  return {
    file,
    categories,
    problem,
    percent,
    uploading: upload.isPending,
    chooseFile: (chosen: File) => {
      setFile(chosen);
      check({ file: chosen });
    },
    toggle: (category: FileCategory) => {
      const next = categories.includes(category) ? categories.filter((c) => c !== category) : [...categories, category];
      const ordered = FILE_CATEGORIES.filter((c) => next.includes(c));
      setCategories(ordered);
      check({ categories: ordered });
    },
    submit: (event: FormEvent) => {
      event.preventDefault();
      const found = uploadProblem({ file, categories, existing });
      if (found || !file) return setProblem(found);
      const controller = new AbortController();
      abort.current = controller;
      setPercent(0);
      setProblem(null);
      upload.mutate(
        { accountId, file, categories, signal: controller.signal, onProgress: (sent, total) => setPercent((100 * sent) / total) },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            onDone();
          },
          onError: (error) => {
            if (error instanceof UploadCancelledError) return;
            setProblem({ field: 'upload', message: error.message });
            toast.error(uploadFailureTitle(categories), { description: error.message });
          },
        },
      );
    },
  };
}
