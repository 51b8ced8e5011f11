import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

const alertVariants = cva('flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      default: 'border-border bg-muted/60 text-foreground',
      warning: 'border-amber-300 bg-warning text-warning-foreground',
      destructive: 'border-destructive/30 bg-destructive/5 text-destructive',
    },
  },
  defaultVariants: { variant: 'default' },
});

type AlertProps = Omit<ComponentProps<'div'>, 'title'> & VariantProps<typeof alertVariants> & { icon: LucideIcon; title?: ReactNode };

/** A message that needs the user's attention, e.g. a mailbox that refused its credentials. */
export function Alert({ className, variant, icon: Icon, title, children, ...props }: AlertProps) {
  return (
    <div data-slot="alert" role="alert" className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" />
      <div className="min-w-0 space-y-0.5">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="break-words opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
