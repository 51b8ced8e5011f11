import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from './landing/landing-page.tsx';
import { RootLayout, RouteErrorScreen, RouteLoadingScreen } from './root-layout.tsx';

/** Dashboard screens: each is its own chunk, loaded only when visited. */
const dashboardPages: RouteObject[] = [
  { index: true, lazy: () => import('./dashboard/overview.tsx') },
  { path: 'drafts', lazy: () => import('./dashboard/drafts.tsx') },
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
      // The landing page is the only eager route: every other page is its own chunk, so `/`
      // loads no dashboard code.
      { index: true, element: <LandingPage /> },
      { path: 'about', lazy: () => import('./about/about-page.tsx') },
      { path: 'privacy-policy', lazy: () => import('./legal/privacy-policy-page.tsx') },
      { path: 'terms-of-service', lazy: () => import('./legal/terms-of-service-page.tsx') },
      { path: 'cookie-policy', lazy: () => import('./legal/cookie-policy-page.tsx') },
      { path: 'invite/:token', lazy: () => import('./invite/invite-page.tsx') },
      { path: 'gmail-callback', lazy: () => import('./gmail-callback/gmail-callback-page.tsx') },
      { path: 'microsoft-callback', lazy: () => import('./microsoft-callback/microsoft-callback-page.tsx') },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('./dashboard/protected-route.tsx')).ProtectedRoute }),
        children: [{ lazy: () => import('./dashboard/layout.tsx'), children: dashboardPages }],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
