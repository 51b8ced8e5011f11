/** Window event that closes the Sign In dialog and opens the sign-up (waitlist) dialog. */
export const OPEN_SIGN_UP_EVENT = 'openSignUp';

export function dispatchOpenSignUp(): void {
  window.dispatchEvent(new Event(OPEN_SIGN_UP_EVENT));
}
