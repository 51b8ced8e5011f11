import { AUTH_LABELS, AUTH_MESSAGES, INVITATION_MESSAGES } from '@penman/contract';
import { Feather, Link2Off } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useInvitation } from '@/features/auth/api/get-invitation.ts';
import { InvitationForm } from '@/features/auth/components/invitation-form.tsx';
import { ApiRequestError } from '@/lib/api-error.ts';

/** /invite/:token — the one-time link from `npm run admin -- invite` or the first-start owner link. */
export function Component() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center bg-gradient-to-b from-indigo-50/70 via-background to-background px-4 py-12">
      <Link
        to="/"
        className="mb-8 flex items-center gap-2.5 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Feather className="size-4" aria-hidden="true" />
        </span>
        Penman
      </Link>
      <Card className="w-full max-w-md">
        {invitation.isPending ? (
          <div role="status" className="flex items-center justify-center gap-3 p-10 text-muted-foreground">
            <Spinner className="size-5 text-primary" />
            {AUTH_MESSAGES.loading}
          </div>
        ) : invitation.isError ? (
          <InvitationProblem error={invitation.error} onRetry={() => invitation.refetch()} />
        ) : (
          <>
            <CardHeader>
              <title>{`${invitation.data.kind === 'owner' ? AUTH_LABELS.ownerHeading : AUTH_LABELS.inviteHeading} · Penman`}</title>
              <h1 className="text-2xl font-semibold tracking-tight">
                {invitation.data.kind === 'owner' ? AUTH_LABELS.ownerHeading : AUTH_LABELS.inviteHeading}
              </h1>
              <CardDescription>
                {invitation.data.kind === 'owner'
                  ? 'You are the first person here: this account will own this Penman installation.'
                  : 'You have been invited to Penman. Choose your name and a password to finish.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InvitationForm token={token} invitation={invitation.data} onGone={() => invitation.refetch()} />
            </CardContent>
          </>
        )}
      </Card>
    </main>
  );
}

function InvitationProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  const known = status === 400 || status === 404 || status === 410;
  const message = status === 410 ? INVITATION_MESSAGES.expired : known ? INVITATION_MESSAGES.invalid : error.message;
  return (
    <div className="flex flex-col items-center p-8 text-center">
      <title>Invitation · Penman</title>
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
        <Link2Off className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-lg font-semibold">{known ? 'This link cannot be used' : 'Could not load the invitation'}</h1>
      <p role="alert" className="mt-2 text-sm text-muted-foreground">
        {message}
      </p>
      <div className="mt-6 flex gap-2">
        {known ? null : (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to="/" className={buttonVariants({ variant: known ? 'default' : 'ghost' })}>
          {AUTH_LABELS.backToHome}
        </Link>
      </div>
    </div>
  );
}
