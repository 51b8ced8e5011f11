import { ACCOUNT_MESSAGES } from '@penman/contract';
import { toast } from 'sonner';

/** The message of a failed call, when it has one. */
export function failureMessage(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() ? error.message : undefined;
}

/** An error toast: the spec's title, the failure's message, else the fallback ('Please try again.'). */
export function toastFailure(title: string, error: unknown, fallback: string = ACCOUNT_MESSAGES.pleaseTryAgain): void {
  toast.error(title, { description: failureMessage(error) ?? fallback });
}
