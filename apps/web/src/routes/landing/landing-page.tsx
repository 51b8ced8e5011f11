import { AUTH_LABELS } from '@penman/contract';
import { Feather, ShieldCheck, Sparkles, Timer } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { SignInDialog } from '@/features/auth/components/sign-in-dialog.tsx';
import { useOpenSignUpOnArrival } from '@/features/auth/hooks/use-open-sign-up.ts';
import { useAuth } from '@/lib/auth.tsx';

export function LandingPage() {
  const { user, loading } = useAuth();
  const [signInOpen, setSignInOpen] = useState(false);
  useOpenSignUpOnArrival();

  if (loading) return <PageSpinner />;
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-indigo-50/70 via-background to-background">
      <header className="sticky top-0 z-10 border-b border-border/60 bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <span className="flex items-center gap-2.5 text-lg font-semibold tracking-tight">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Feather className="size-4" aria-hidden="true" />
            </span>
            Penman
          </span>
          <Button onClick={() => setSignInOpen(true)}>{AUTH_LABELS.signIn}</Button>
        </div>
      </header>
      <main className="flex flex-1 items-center">
        <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
            Private beta
          </p>
          <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Email replies drafted <span className="text-primary">in your own voice</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            Penman connects to your mailboxes, learns how you write from your sent mail, and drafts replies for you to review, edit and
            approve. Self-hosted, so your mail stays yours.
          </p>
          <ul className="mx-auto mt-10 grid max-w-2xl gap-3 text-left text-sm sm:grid-cols-3">
            <Feature icon={Feather} text="Learns your writing style" />
            <Feature icon={Timer} text="Drafts ready in seconds" />
            <Feature icon={ShieldCheck} text="You approve every reply" />
          </ul>
        </section>
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">
        Penman — AI email assistant that writes in your voice
      </footer>
      <SignInDialog open={signInOpen} onOpenChange={setSignInOpen} />
    </div>
  );
}

function Feature({ icon: Icon, text }: { icon: typeof Feather; text: string }) {
  return (
    <li className="flex items-center gap-2.5 rounded-lg border bg-card px-3 py-2.5 shadow-xs">
      <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {text}
    </li>
  );
}
