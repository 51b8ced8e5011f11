import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';
import { buttonVariants } from './button-variants.ts';

export { buttonVariants };

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot.Root data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  return <button data-slot="button" type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
