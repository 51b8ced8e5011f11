import type { SessionUser } from '@penman/contract';
import { initials } from '../../../lib/initials.ts';

type UserNames = Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'profileEmail'> | null;

/** First and last name joined, or none when both are empty (spec: Profile display name). */
export function displayName(user: UserNames): string | undefined {
  const name = [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || undefined;
}

/** The profile email, else the sign-in email. */
export function displayEmail(user: UserNames): string | undefined {
  return user?.profileEmail?.trim() || user?.email || undefined;
}

/** The avatar's letters: of the name, else of the address, else '?'. */
export function userInitials(name: string | undefined, email: string | undefined): string {
  return initials(name || email || '') || '?';
}
