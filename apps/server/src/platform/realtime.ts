import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Db } from './db/client.ts';
import { logger } from './logger.ts';

const CHANNEL = 'penman_events';

/** An event for one user's open browser tabs; kept small (NOTIFY payloads stop at 8000 bytes). */
export const ZRealtimeEvent = z.object({
  type: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type RealtimeEvent = z.infer<typeof ZRealtimeEvent>;

/** Publishes through PostgreSQL so every server process delivers it, whichever process did the work. */
export async function publishEvent(db: Pick<Db, 'execute'>, userId: string, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ userId, ...event })})`);
}

type Listener = (event: RealtimeEvent) => void;

export type RealtimeHub = {
  subscribe: (userId: string, listener: Listener) => () => void;
  stop: () => Promise<void>;
};

/** One LISTEN connection per process, fanning events out to the subscribers of each user. */
export async function startRealtimeHub(url: string): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let stopped = false;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const { userId, ...rest } = JSON.parse(payload) as { userId: string } & RealtimeEvent;
      const event = ZRealtimeEvent.parse(rest);
      for (const listener of listeners.get(userId) ?? []) listener(event);
    } catch (error) {
      logger.warn({ err: error }, 'ignored a malformed realtime event');
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => dispatch(message.payload));
    next.on('error', (error) => {
      next.end().catch(() => {});
      if (stopped) return;
      logger.warn({ err: error }, 'realtime connection lost; reconnecting');
      setTimeout(() => connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    async stop() {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}
