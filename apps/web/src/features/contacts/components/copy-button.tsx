import { CONTACT_MESSAGES, TOAST_MS } from '@penman/contract';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { CONTACT_LABELS } from './labels.ts';

/** Copies `value` to the clipboard and says so for 2 seconds (spec). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(CONTACT_MESSAGES.copied, { duration: TOAST_MS.copy });
    } catch {
      toast.error(CONTACT_LABELS.copyFailed, { duration: TOAST_MS.copy });
    }
  };
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      className="text-muted-foreground"
      aria-label={CONTACT_LABELS.copy(label)}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" />
    </Button>
  );
}
