import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dispatchOpenSignUp } from '@/lib/events.ts';

type SignUpState = { openSignUp?: boolean } | null;

/**
 * Opens the sign-up (waitlist) dialog. It lives on the landing page, so from any other page this
 * goes home first and the landing page opens it (see `useOpenSignUpOnArrival`).
 */
export function useOpenSignUp(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    if (pathname === '/') dispatchOpenSignUp();
    else navigate('/', { state: { openSignUp: true } satisfies SignUpState });
  }, [navigate, pathname]);
}

/** On the landing page: honours a sign-up request made from another page, once. */
export function useOpenSignUpOnArrival(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const requested = (location.state as SignUpState)?.openSignUp === true;
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (!requested) return;
    // Same address, without the request, so going back and forth does not reopen the dialog.
    navigate(here, { replace: true, state: null });
    // Let the page's dialogs mount and subscribe before announcing.
    const timer = setTimeout(dispatchOpenSignUp, 0);
    return () => clearTimeout(timer);
  }, [requested, here, navigate]);
}
