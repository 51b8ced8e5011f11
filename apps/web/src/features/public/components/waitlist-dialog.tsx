import { MARKETING_FIGURES, PUBLIC_LABELS } from '@penman/contract';
import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { WaitlistForm } from './waitlist-form.tsx';

type WaitlistDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Switches to the Sign In dialog. */
  onSignIn: () => void;
};

/** The sign-up dialog of the private beta: joining the waitlist. */
export function WaitlistDialog({ open, onOpenChange, onSignIn }: WaitlistDialogProps) {
  const [joined, setJoined] = useState(false);
  // 'Got it!' (or closing) starts over with an empty form next time.
  const close = () => {
    onOpenChange(false);
    setJoined(false);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-lg">
        {joined ? (
          <div className="grid justify-items-center gap-3 py-4 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <PartyPopper className="size-7" aria-hidden="true" />
            </span>
            <DialogTitle className="text-2xl">{PUBLIC_LABELS.dialogSuccessTitle}</DialogTitle>
            <DialogDescription className="max-w-sm text-base">
              Thanks for joining. You have priority access and early-bird pricing; we will email you as soon as your spot opens.
            </DialogDescription>
            <Button size="lg" className="mt-3" onClick={close}>
              {PUBLIC_LABELS.dialogSuccessButton}
            </Button>
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{PUBLIC_LABELS.waitlistDialogTitle}</DialogTitle>
              <DialogDescription>
                Penman is in private beta: free while it lasts, no credit card, early-bird pricing and priority access. Drafts in under{' '}
                {MARKETING_FIGURES.draftSeconds} seconds, in your own voice.
              </DialogDescription>
            </DialogHeader>
            <WaitlistForm variant="dialog" onJoined={() => setJoined(true)} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Button variant="link" className="text-sm" onClick={onSignIn}>
                {PUBLIC_LABELS.signIn}
              </Button>
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
