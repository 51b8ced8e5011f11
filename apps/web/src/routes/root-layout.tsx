import { Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { ErrorScreen, errorMessage } from '@/components/error-screen.tsx';
import { PageSpinner } from '@/components/ui/page-spinner.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Rendering and route-loading errors anywhere below the root (including a failed lazy chunk). */
export function RouteErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen message={errorMessage(error)} onReload={() => window.location.reload()} />;
}

/** Shown while the first route modules load. */
export function RouteLoadingScreen() {
  return <PageSpinner />;
}
