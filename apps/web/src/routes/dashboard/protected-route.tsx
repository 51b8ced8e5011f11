import { AUTH_MESSAGES } from '@penman/contract';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { AuthRequiredCard } from '@/features/auth/components/auth-required-card.tsx';
import { useAuth } from '@/lib/auth.tsx';

/** Every /dashboard page: 'Loading...' until the session is known, then the page or the sign-in card. */
export function ProtectedRoute() {
  const { user, loading } = useAuth();

  if (loading) {
    return (
      <div role="status" className="flex min-h-svh items-center justify-center gap-3 text-muted-foreground">
        <Spinner className="size-5 text-primary" />
        <span>{AUTH_MESSAGES.loading}</span>
      </div>
    );
  }
  if (!user) return <AuthRequiredCard />;
  return <Outlet />;
}
