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

/** Runs every handler registered for `type` (what the event stream does with each event it receives). */
export function dispatchRealtimeEvent(type: string, data: unknown, queryClient: QueryClient): void {
  for (const handler of handlers.get(type) ?? []) handler(data, queryClient);
}

const refreshers = new Map<string, { unregister: () => void; registrations: number }>();

/**
 * The common case: every server event named `type` makes the cached queries under `queryKey` stale.
 * Bursts are coalesced (the first event refreshes at once, then at most one refresh every
 * `atMostEveryMs`) and a refresh in flight is not cancelled, so a fast sync never starves a screen.
 * Registering the same `type` and `queryKey` again adds no second handler (several route modules
 * may keep the same queries live); the handler goes when every registration has been undone.
 */
export function refreshOnRealtimeEvent(type: string, queryKey: QueryKey, atMostEveryMs: number): () => void {
  const id = JSON.stringify([type, queryKey]);
  let refresher = refreshers.get(id);
  if (!refresher) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRun = 0;
    let client: QueryClient | undefined;
    const refresh = () => {
      timer = undefined;
      lastRun = Date.now();
      void client?.invalidateQueries({ queryKey }, { cancelRefetch: false });
    };
    const unregister = registerRealtimeHandler(type, (_data, queryClient) => {
      client = queryClient;
      if (timer) return;
      timer = setTimeout(refresh, Math.max(0, lastRun + atMostEveryMs - Date.now()));
    });
    refresher = {
      registrations: 0,
      unregister: () => {
        clearTimeout(timer);
        unregister();
      },
    };
    refreshers.set(id, refresher);
  }
  const registered = refresher;
  registered.registrations += 1;
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    registered.registrations -= 1;
    if (registered.registrations > 0) return;
    registered.unregister();
    refreshers.delete(id);
  };
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
        dispatchRealtimeEvent(type, parseData((event as MessageEvent<string>).data), queryClient);
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
