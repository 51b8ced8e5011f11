import { SHELL_MESSAGES } from '@penman/contract';
import { CircleAlert } from 'lucide-react';
import { buttonVariants } from './ui/button-variants.ts';

type ErrorScreenProps = { message?: string | undefined; onReload: () => void };

/** The fallback shown when rendering fails: what happened, and a way out. */
export function ErrorScreen({ message, onReload }: ErrorScreenProps) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <div role="alert" className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
          <CircleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{SHELL_MESSAGES.somethingWentWrong}</h1>
        <p className="mt-2 text-sm break-words text-muted-foreground">{message || SHELL_MESSAGES.unexpectedError}</p>
        <button type="button" className={buttonVariants({ className: 'mt-6' })} onClick={onReload}>
          {SHELL_MESSAGES.reloadPage}
        </button>
      </div>
    </main>
  );
}

export function errorMessage(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}
