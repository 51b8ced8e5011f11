import { AUTH_LABELS, AUTH_MESSAGES } from '@penman/contract';
import { ArrowLeft, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { SignInDialog } from './sign-in-dialog.tsx';

/** What a signed-out visitor sees on any dashboard page. */
export function AuthRequiredCard() {
  const [signInOpen, setSignInOpen] = useState(false);

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6">
      <title>{`${AUTH_MESSAGES.authRequiredTitle} · Penman`}</title>
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center pb-4">
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <LockKeyhole className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight">{AUTH_MESSAGES.authRequiredTitle}</h1>
          <CardDescription>{AUTH_MESSAGES.authRequiredBody}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Button size="lg" className="w-full" onClick={() => setSignInOpen(true)}>
            {AUTH_LABELS.signIn}
          </Button>
          <p className="text-sm text-muted-foreground">
            Don&apos;t have an account?{' '}
            <Link
              to="/"
              state={{ openSignUp: true }}
              className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {AUTH_LABELS.signUpHere}
            </Link>
          </p>
          <Link
            to="/"
            className="inline-flex items-center justify-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {AUTH_LABELS.backToHome}
          </Link>
        </CardContent>
      </Card>
      <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
    </main>
  );
}
