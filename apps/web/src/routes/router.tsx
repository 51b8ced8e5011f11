import { createBrowserRouter, type RouteObject } from 'react-router';
import { ProtectedRoute } from './dashboard/protected-route.tsx';
import { LandingPage } from './landing/landing-page.tsx';
import { NotFoundPage } from './not-found/not-found-page.tsx';
import { RootLayout, RouteErrorScreen, RouteLoadingScreen } from './root-layout.tsx';

/** Dashboard screens: each is its own chunk, loaded only when visited. */
const dashboardPages: RouteObject[] = [
  { index: true, lazy: () => import('./dashboard/overview.tsx') },
  { path: 'email-accounts', lazy: () => import('./dashboard/email-accounts.tsx') },
  { path: 'emails', lazy: () => import('./dashboard/emails.tsx') },
  { path: 'training', lazy: () => import('./dashboard/training.tsx') },
  { path: 'contacts', lazy: () => import('./dashboard/contacts.tsx') },
  { path: 'knowledge', lazy: () => import('./dashboard/knowledge.tsx') },
  { path: 'attachments', lazy: () => import('./dashboard/attachments.tsx') },
  { path: 'analytics', lazy: () => import('./dashboard/analytics.tsx') },
  { path: 'settings', lazy: () => import('./dashboard/settings.tsx') },
  { path: 'help', lazy: () => import('./dashboard/help.tsx') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <RouteLoadingScreen />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'invite/:token', lazy: () => import('./invite/invite-page.tsx') },
      {
        path: 'dashboard',
        element: <ProtectedRoute />,
        children: [{ lazy: () => import('./dashboard/layout.tsx'), children: dashboardPages }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
