import { TOAST_MS } from '@penman/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { AuthProvider } from '@/lib/auth.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { createAppRouter } from '@/routes/router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <TooltipProvider>
            <RouterProvider router={router} />
            <Toaster richColors position="top-right" duration={TOAST_MS.default} closeButton />
          </TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
