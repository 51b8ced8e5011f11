import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactRequest, PUBLIC_LABELS, PUBLIC_MESSAGES, TOAST_MS, ZContactRequest } from '@penman/contract';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiRequestError } from '@/lib/api-error.ts';
import { cn } from '@/lib/utils.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

type ContactDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };
const FIELDS = ['name', 'email', 'subject', 'message'] as const;

/** Name, email, subject and message; stored by the server and, when configured, forwarded. */
export function ContactDialog({ open, onOpenChange }: ContactDialogProps) {
  const send = useSendContactMessage();
  const inFlight = useRef(false);
  const form = useForm<ContactRequest>({ resolver: zodResolver(ZContactRequest), defaultValues: EMPTY, reValidateMode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const clearOnEdit = (name: keyof ContactRequest) => ({ onChange: () => form.clearErrors(name) });

  const onSubmit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await send.mutateAsync(values);
      toast.success(PUBLIC_MESSAGES.contactSuccessTitle, { description: PUBLIC_MESSAGES.contactSuccessBody, duration: TOAST_MS.default });
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiRequestError ? FIELDS.filter((name) => error.fields[name]) : [];
      if (error instanceof ApiRequestError && fields.length > 0) {
        for (const name of fields) form.setError(name, { message: error.fields[name] });
      } else {
        toast.error(PUBLIC_MESSAGES.contactFailedTitle, { description: PUBLIC_MESSAGES.contactFailedBody, duration: TOAST_MS.default });
      }
    } finally {
      inFlight.current = false;
    }
  });

  const busy = isSubmitting || send.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{PUBLIC_LABELS.contactDialogTitle}</DialogTitle>
          <DialogDescription>Questions about Penman, pricing or the beta? Send us a message and we will get back to you.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy}>
          <TextField
            id="contact-name"
            label={PUBLIC_LABELS.name}
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name', clearOnEdit('name'))}
          />
          <TextField
            id="contact-email"
            label={PUBLIC_LABELS.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@company.com"
            error={errors.email?.message}
            {...form.register('email', clearOnEdit('email'))}
          />
          <TextField
            id="contact-subject"
            label={PUBLIC_LABELS.subject}
            error={errors.subject?.message}
            {...form.register('subject', clearOnEdit('subject'))}
          />
          <div className="grid gap-2">
            <Label htmlFor="contact-message">{PUBLIC_LABELS.message}</Label>
            <textarea
              id="contact-message"
              rows={5}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'contact-message-error' : undefined}
              className={cn(
                'min-h-28 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none transition-colors placeholder:text-muted-foreground sm:text-sm',
                'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive',
              )}
              {...form.register('message', clearOnEdit('message'))}
            />
            {errors.message ? (
              <p id="contact-message-error" className="text-sm text-destructive">
                {errors.message.message}
              </p>
            ) : null}
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? (
              <>
                <Spinner />
                {PUBLIC_LABELS.sending}
              </>
            ) : (
              PUBLIC_LABELS.sendMessage
            )}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
