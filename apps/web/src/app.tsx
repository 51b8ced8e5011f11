import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { LazyToaster } from '@/components/lazy-toaster.tsx';
import { AuthProvider } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { createAppRouter } from '@/routes/router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
