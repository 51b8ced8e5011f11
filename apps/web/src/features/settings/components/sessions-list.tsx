import { SETTINGS_LABELS, SETTINGS_MESSAGES, TOAST_MS } from '@penman/contract';
import { Monitor } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { formatRelativeTime, useNow } from '@/lib/relative-time.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts';
import { orderSessions, sessionTitle } from './settings-view.ts';

const L = SETTINGS_LABELS.security;

export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const now = useNow(30_000);
  const list = orderSessions(sessions.data ?? []);
  const others = list.filter((session) => !session.current).length;

  const signOut = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      toast.success(SETTINGS_MESSAGES.sessionSignedOut, { duration: TOAST_MS.default });
    } catch (error) {
      toast.error(SETTINGS_MESSAGES.failed(error instanceof Error ? error.message : undefined));
    }
  };
  const signOutOthers = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast.success(SETTINGS_MESSAGES.otherSessionsSignedOut(revoked), { duration: TOAST_MS.default });
    } catch (error) {
      toast.error(SETTINGS_MESSAGES.failed(error instanceof Error ? error.message : undefined));
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">{L.sessions}</h3>
        <Button variant="outline" size="sm" disabled={others === 0 || revokeOthers.isPending} onClick={() => void signOutOthers()}>
          {L.signOutOthersButton}
        </Button>
      </div>
      {sessions.isPending ? <Spinner /> : null}
      {sessions.isError ? <p className="text-sm text-destructive">{sessions.error.message}</p> : null}
      <ul className="divide-y rounded-md border" aria-label={L.sessions}>
        {list.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <Monitor aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {sessionTitle(session)}{' '}
                {session.current ? (
                  <Badge variant="default" className="ml-1">
                    {L.thisDevice}
                  </Badge>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                {session.ipAddress ?? L.unknownAddress} · {L.lastActive} {formatRelativeTime(session.lastActiveAt, now)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="ghost"
                size="sm"
                disabled={revoke.isPending}
                aria-label={`${L.signOutSession}: ${sessionTitle(session)}`}
                onClick={() => void signOut(session.id)}
              >
                {L.signOutSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
