import { SHELL_MESSAGES } from '@penman/contract';
import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button.tsx';

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.info('404', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <title>{`${SHELL_MESSAGES.notFound} · Penman`}</title>
      <div className="text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Compass className="size-7" aria-hidden="true" />
        </span>
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">{SHELL_MESSAGES.notFound}</h1>
        <p className="mt-3 text-muted-foreground">The page you were looking for does not exist or has moved.</p>
        <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
          {SHELL_MESSAGES.returnHome}
        </Link>
      </div>
    </main>
  );
}
