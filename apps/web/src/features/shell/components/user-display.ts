import type { SessionUser } from '@penman/contract';

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

export function initials(name: string | undefined, email: string | undefined): string {
  const letters = name ? name.split(/\s+/).map((part) => part[0]) : [email?.[0]];
  return letters.join('').slice(0, 2).toUpperCase() || '?';
}
