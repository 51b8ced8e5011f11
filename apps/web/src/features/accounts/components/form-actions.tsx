import { ACCOUNT_LABELS } from '@penman/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';

/** Back to the provider choice, and the form's submit button. */
export function FormActions({ onBack, backDisabled, children }: { onBack: () => void; backDisabled?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
      <Button variant="ghost" onClick={onBack} disabled={backDisabled}>
        <ArrowLeft aria-hidden="true" />
        {ACCOUNT_LABELS.back}
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">{children}</div>
    </div>
  );
}
