import { Feather } from 'lucide-react';
import { Link } from 'react-router';

/** The Penman wordmark, linking home. */
export function BrandLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`flex items-center gap-2.5 rounded-md text-lg font-semibold max-md:min-h-11 tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring ${className}`}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Feather className="size-4" aria-hidden="true" />
      </span>
      Penman
    </Link>
  );
}
