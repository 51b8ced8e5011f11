import { FILES_LABELS, type FileCategory, formatFileSize } from '@penman/contract';
import { BookOpen, Check, CircleAlert, Download, EllipsisVertical, FileText, Paperclip, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { formatDate } from '@/lib/date-format.ts';
import { cn } from '@/lib/utils.ts';
import { fileStatusView, otherCategory, type ScreenFile } from './file-view.ts';
import type { FileActions } from './use-file-actions.ts';

const CATEGORY_ICON = { knowledge: BookOpen, attachment: Paperclip } as const;

/** The download address of a file as uploaded (the server names it). */
const downloadHref = ({ id, source }: { id: string; source: FileCategory }) =>
  `/api/${source === 'knowledge' ? 'knowledge-documents' : 'attachments'}/${encodeURIComponent(id)}/content`;

/** One file: name, size, date, category badges, status, and its actions. */
export function FileRow({ entry, actions }: { entry: ScreenFile; actions: FileActions }) {
  const { file, categories } = entry;
  const status = fileStatusView(file);
  const other = otherCategory(file.source);
  const inOther = categories.includes(other);
  const switchId = useId();
  const adding = actions.adding?.file.id === file.id;

  return (
    <li className="flex min-w-0 flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5" aria-label={file.filename}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <FileText className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words [overflow-wrap:anywhere]">{file.filename}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span>{formatFileSize(file.fileSize)}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={file.createdAt}>{formatDate(file.createdAt)}</time>
            {categories.map((category) => {
              const Icon = CATEGORY_ICON[category];
              return (
                <Badge key={category} variant="outline" className="gap-1 font-normal">
                  <Icon className="size-3" aria-hidden="true" />
                  {FILES_LABELS.category[category]}
                </Badge>
              );
            })}
          </p>
          {status ? <StatusLine status={status} /> : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center justify-end gap-3 pl-12 sm:pl-0">
        {file.source === 'attachment' ? (
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={file.autoAttach === true}
              onCheckedChange={(on) => actions.setAutoAttach(file, on)}
              aria-label={FILES_LABELS.autoAttachFor(file.filename)}
              title={FILES_LABELS.autoAttachHint}
            />
            <label htmlFor={switchId} className="text-sm" aria-hidden="true">
              {FILES_LABELS.autoAttach}
            </label>
          </div>
        ) : null}
        <Button asChild variant="ghost" size="icon-sm">
          <a href={downloadHref(file)} download={file.filename} aria-label={`${FILES_LABELS.download} ${file.filename}`}>
            <Download aria-hidden="true" />
          </a>
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={FILES_LABELS.actions(file.filename)} disabled={adding}>
              {adding ? <Spinner /> : <EllipsisVertical aria-hidden="true" />}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {/* Offered even when a file of this name is there: the server says whether it is this one (spec's informational message). */}
            <DropdownMenuItem onSelect={() => actions.addTo(file, other)}>
              {inOther ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {FILES_LABELS.addTo[other]}
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={downloadHref(file)} download={file.filename}>
                <Download aria-hidden="true" />
                {FILES_LABELS.download}
              </a>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => actions.askToDelete(file)} className="text-destructive focus:text-destructive">
              <Trash2 aria-hidden="true" />
              {FILES_LABELS.delete}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}

function StatusLine({ status }: { status: NonNullable<ReturnType<typeof fileStatusView>> }) {
  return (
    <p
      className={cn(
        'mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs',
        status.kind === 'failed' ? 'text-destructive' : 'text-muted-foreground',
      )}
      data-status={status.kind}
    >
      <Badge variant={status.kind === 'failed' ? 'warning' : status.kind === 'ready' ? 'default' : 'secondary'} className="gap-1">
        {status.kind === 'ready' ? <Sparkles className="size-3" aria-hidden="true" /> : null}
        {status.kind === 'waiting' || status.kind === 'reading' ? <Spinner className="size-3" /> : null}
        {status.kind === 'failed' ? <CircleAlert className="size-3" aria-hidden="true" /> : null}
        {status.label}
      </Badge>
      {'detail' in status && status.detail ? <span className="min-w-0 break-words">{status.detail}</span> : null}
    </p>
  );
}
