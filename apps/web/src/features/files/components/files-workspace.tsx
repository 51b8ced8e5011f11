import { FILES_LABELS, type FileCategory } from '@penman/contract';
import { BookOpen, Paperclip, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useFiles } from '../api/get-files.ts';
import { DeleteFileDialog } from './delete-file-dialog.tsx';
import { FileRow } from './file-row.tsx';
import { filesOfScreen, knowledgeState } from './file-view.ts';
import { KnowledgeSearch } from './knowledge-search.tsx';
import { LoadFailed, Status } from './load-states.tsx';
import { UploadDialog } from './upload-dialog.tsx';
import { useFileActions } from './use-file-actions.ts';

type FilesWorkspaceProps = {
  mode: FileCategory;
  accountId: string;
  uploadOpen: boolean;
  onUploadOpenChange: (open: boolean) => void;
};

/** One account's files on the screen of one category, the upload and delete dialogs, and the knowledge search. */
export function FilesWorkspace({ mode, accountId, uploadOpen, onUploadOpenChange }: FilesWorkspaceProps) {
  const files = useFiles(accountId);
  const actions = useFileActions();
  const L = FILES_LABELS.screens[mode];
  const shown = files.data ? filesOfScreen(files.data, mode) : [];

  let list: ReactNode;
  if (files.isPending) list = <Status />;
  else if (files.isError) list = <LoadFailed message={files.error.message} onRetry={() => void files.refetch()} />;
  else if (shown.length === 0) {
    list = (
      <EmptyState
        icon={mode === 'knowledge' ? BookOpen : Paperclip}
        title={L.empty}
        action={
          <Button variant="outline" onClick={() => onUploadOpenChange(true)}>
            <Upload aria-hidden="true" />
            {FILES_LABELS.upload}
          </Button>
        }
      >
        {L.emptyHint}
      </EmptyState>
    );
  } else {
    list = (
      <Card className="overflow-hidden">
        <h2 className="border-b px-4 py-3 text-sm font-semibold sm:px-5">
          {L.listTitle} <span className="font-normal text-muted-foreground tabular-nums">({shown.length})</span>
        </h2>
        <ul className="divide-y" aria-label={L.listTitle}>
          {shown.map((entry) => (
            <FileRow key={`${entry.file.source}:${entry.file.id}`} entry={entry} actions={actions} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <div className="grid min-w-0 gap-6">
      {list}
      {/* Once there is a document (the empty state already asks for one). */}
      {mode === 'knowledge' && shown.length > 0 ? <KnowledgeSearch accountId={accountId} state={knowledgeState(shown)} /> : null}
      <UploadDialog open={uploadOpen} onOpenChange={onUploadOpenChange} mode={mode} accountId={accountId} existing={files.data ?? []} />
      <DeleteFileDialog
        file={actions.confirming}
        pending={actions.deleting}
        onCancel={actions.closeConfirmation}
        onConfirm={actions.confirmDelete}
      />
    </div>
  );
}
