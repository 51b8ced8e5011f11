import { LEARNING_LABELS } from '@penman/contract';
import { CircleAlert, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useDraftingMemory, useForgetDraftingMemoryItem } from '../api/drafting-memory.ts';

const L = LEARNING_LABELS;

/** "Penman has learnt: ..." for one account, each item with a button to forget it. */
export function DraftingMemoryList({ accountId }: { accountId: string }) {
  const memory = useDraftingMemory(accountId);
  const forget = useForgetDraftingMemoryItem();
  const headingId = `drafting-memory-${accountId}`;

  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t pt-4">
      <h3 id={headingId} className="text-sm font-medium">
        {L.title}
      </h3>
      {memory.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {L.loading}
        </p>
      ) : memory.isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <CircleAlert className="size-4" aria-hidden="true" />
          {L.loadFailed} {memory.error.message}
        </p>
      ) : memory.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{L.empty}</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto text-sm">
          {memory.data.items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted">
              <span className="min-w-0 break-words">{item.description}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={L.delete(item.description)}
                title={L.delete(item.description)}
                disabled={forget.isPending && forget.variables?.itemId === item.id}
                onClick={() =>
                  forget.mutate(
                    { accountId, itemId: item.id },
                    {
                      onSuccess: () => toast.success(L.deleted),
                      onError: (error) => toast.error(L.deleteFailed, { description: error.message }),
                    },
                  )
                }
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
