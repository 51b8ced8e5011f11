import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY, useAuth } from './auth.tsx';

/** Waits before reconnecting after the stream drops: 1, 2, 5, then 10 s for every later try (spec). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

export type RealtimeHandler = (data: unknown, queryClient: QueryClient) => void;

const handlers = new Map<string, Set<RealtimeHandler>>();
const typeWatchers = new Set<(type: string) => void>();

/**
 * Runs `handler` for every server event named `type` (e.g. 'account.updated').
 * Features register at module load; the returned function unregisters.
 */
export function registerRealtimeHandler(type: string, handler: RealtimeHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
    for (const watch of typeWatchers) watch(type);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** The common case: an event makes some cached queries stale. */
/** @public */
export function invalidateOnRealtimeEvent(type: string, queryKeys: QueryKey[]): () => void {
  return registerRealtimeHandler(type, (_data, queryClient) => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  });
}

function parseData(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Opens the server's event stream (GET /api/events) while signed in and dispatches to the registry. */
export function useRealtime(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let dropped = false;
    const listening = new Set<string>();

    const listen = (type: string) => {
      if (!source || listening.has(type)) return;
      listening.add(type);
      source.addEventListener(type, (event) => {
        const data = parseData((event as MessageEvent<string>).data);
        for (const handler of handlers.get(type) ?? []) handler(data, queryClient);
      });
    };

    const connect = () => {
      source = new EventSource('/api/events');
      listening.clear();
      for (const type of handlers.keys()) listen(type);
      source.addEventListener('open', () => {
        attempt = 0;
        // Events sent while we were away are lost: read everything on screen again.
        if (dropped) void queryClient.invalidateQueries();
        dropped = false;
      });
      source.addEventListener('error', () => {
        source?.close();
        source = undefined;
        dropped = true;
        // A stream that keeps failing may mean the session ended elsewhere: check it.
        if (attempt > 0) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        timer = setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      });
    };

    typeWatchers.add(listen);
    connect();
    return () => {
      typeWatchers.delete(listen);
      clearTimeout(timer);
      source?.close();
    };
  }, [userId, queryClient]);
}
