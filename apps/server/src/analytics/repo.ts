import {
  type ChartGranularity,
  RESPONSE_TIME_BUCKET_HOURS,
  RESPONSE_TIME_BUCKETS,
  type ResponseTimeBucket,
  VOLUME_MAX_PERIODS,
} from '@penman/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { emailAccounts } from '../platform/db/schema/index.ts';

// Every chart is one SQL aggregate over the stored mail: nothing is loaded into memory. Weekdays,
// hours, days and weeks are taken from the stored timestamps in UTC. The account counters and top
// senders are recomputed by the mail area (mail/service.ts), which every sync ends with.

export async function accountExists(db: Db, userId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(eq(emailAccounts.userId, userId), eq(emailAccounts.id, accountId)))
    .limit(1);
  return Boolean(row);
}

/** The mail a chart reads: the user's, of one account or of all of them. */
function scope(userId: string, accountId: string | null, alias = 'e'): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return accountId
    ? sql`${column('user_id')} = ${userId} and ${column('email_account_id')} = ${accountId}`
    : sql`${column('user_id')} = ${userId}`;
}

// Mail dated in the future (broken clocks, spam) would stretch the time axis into emptiness.
const NOT_IN_FUTURE = sql`e.received_date is not null and e.received_date <= now() + interval '1 day'`;

/**
 * Received and sent emails per UTC day or ISO week (Monday), oldest first, with empty periods,
 * over at most VOLUME_MAX_PERIODS periods ending with the latest mail.
 */
export async function volumeSeries(db: Db, userId: string, accountId: string | null, granularity: ChartGranularity) {
  const unit = sql.raw(`'${granularity}'`);
  const step = sql.raw(`interval '1 ${granularity}'`);
  const maxPeriods = VOLUME_MAX_PERIODS[granularity];
  const { rows } = await db.execute<{ period: string; incoming: number; outgoing: number; truncated: boolean }>(sql`
    with bounds as (
      select date_trunc(${unit}, min(e.received_date) at time zone 'UTC') as first_period,
        date_trunc(${unit}, max(e.received_date) at time zone 'UTC') as last_period
      from emails e where ${scope(userId, accountId)} and ${NOT_IN_FUTURE}
    ), shown as (
      select greatest(first_period, last_period - ${step} * ${maxPeriods - 1}) as start_period, last_period,
        first_period < last_period - ${step} * ${maxPeriods - 1} as truncated
      from bounds where last_period is not null
    ), counts as (
      select date_trunc(${unit}, e.received_date at time zone 'UTC') as period,
        count(*) filter (where not e.is_outgoing)::int as incoming,
        count(*) filter (where e.is_outgoing)::int as outgoing
      from emails e, shown
      where ${scope(userId, accountId)} and ${NOT_IN_FUTURE} and e.received_date >= shown.start_period at time zone 'UTC'
      group by 1
    )
    select to_char(p, 'YYYY-MM-DD') as period, coalesce(c.incoming, 0) as incoming, coalesce(c.outgoing, 0) as outgoing, shown.truncated
    from shown cross join generate_series(shown.start_period, shown.last_period, ${step}) p
    left join counts c on c.period = p
    order by p`);
  return {
    points: rows.map(({ period, incoming, outgoing }) => ({ period, incoming, outgoing })),
    truncated: rows[0]?.truncated ?? false,
  };
}

const emptyGrid = () => Array.from({ length: 7 }, () => Array<number>(24).fill(0));

/** Emails by ISO weekday (Monday first) and hour, in UTC: received and sent apart. */
export async function weekHourHeatmap(db: Db, userId: string, accountId: string | null) {
  const { rows } = await db.execute<{ weekday: number; hour: number; outgoing: boolean; n: number }>(sql`
    select extract(isodow from e.received_date at time zone 'UTC')::int as weekday,
      extract(hour from e.received_date at time zone 'UTC')::int as hour, e.is_outgoing as outgoing, count(*)::int as n
    from emails e where ${scope(userId, accountId)} and e.received_date is not null
    group by 1, 2, 3`);
  const received = emptyGrid();
  const sent = emptyGrid();
  for (const row of rows) (row.outgoing ? sent : received)[row.weekday - 1]![row.hour] = row.n;
  return { received, sent };
}

/** One `count(*) filter (...)` per bucket, from the contract's hour bounds (lower inclusive, upper exclusive). */
const bucketCounts = RESPONSE_TIME_BUCKETS.map((key, index) => {
  const previous = RESPONSE_TIME_BUCKETS[index - 1];
  const lower = previous ? RESPONSE_TIME_BUCKET_HOURS[previous] : null;
  const upper = RESPONSE_TIME_BUCKET_HOURS[key];
  const conditions = [
    lower != null ? sql`hours >= ${sql.raw(String(lower))}` : null,
    upper != null ? sql`hours < ${sql.raw(String(upper))}` : null,
  ];
  const where = sql.join(
    conditions.filter((c) => c !== null),
    sql` and `,
  );
  return sql`count(*) filter (where ${where})::int as ${sql.identifier(key)}`;
});

/**
 * The user's response times: each incoming email answered by one of their sent emails (its
 * In-Reply-To is the incoming Message-ID, in the same account), timed to the first reply.
 */
export async function responseTimes(db: Db, userId: string, accountId: string | null) {
  const { rows } = await db.execute<Record<ResponseTimeBucket, number> & { replies: number; median_minutes: number | null }>(sql`
    with answered as (
      select extract(epoch from (min(o.received_date) - i.received_date)) / 3600.0 as hours
      from emails o
      join emails i on i.email_account_id = o.email_account_id and i.message_id = o.in_reply_to
        and i.user_id = ${userId} and not i.is_outgoing
      where ${scope(userId, accountId, 'o')} and o.is_outgoing and o.in_reply_to is not null
        and o.received_date >= i.received_date
      group by i.id, i.received_date
    )
    select ${sql.join(bucketCounts, sql`, `)}, count(*)::int as replies,
      (percentile_cont(0.5) within group (order by hours) * 60)::float8 as median_minutes
    from answered`);
  const row = rows[0]!;
  return {
    buckets: RESPONSE_TIME_BUCKETS.map((key) => ({ key, count: row[key] })),
    replies: row.replies,
    medianMinutes: row.median_minutes,
  };
}
