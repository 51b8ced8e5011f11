import { z } from 'zod';

/** Top senders shown and stored per account (spec part 2 section 9). */
export const TOP_SENDERS_LIMIT = 10;

export const CHART_GRANULARITIES = ['day', 'week'] as const;
export type ChartGranularity = (typeof CHART_GRANULARITIES)[number];

/** The most periods the volume chart covers, ending with the latest mail: a year of days, five years of weeks. */
export const VOLUME_MAX_PERIODS: Record<ChartGranularity, number> = { day: 366, week: 260 };

/** How long the user took to answer, from the incoming mail to their first reply (hours; the last has no end). */
export const RESPONSE_TIME_BUCKETS = ['under_1h', 'h1_4', 'h4_24', 'd1_3', 'over_3d'] as const;
export type ResponseTimeBucket = (typeof RESPONSE_TIME_BUCKETS)[number];
/** Upper bound of each bucket in hours (exclusive); the last bucket has none. */
export const RESPONSE_TIME_BUCKET_HOURS = { under_1h: 1, h1_4: 4, h4_24: 24, d1_3: 72, over_3d: null } as const;

/** Weekday rows of the heatmap, Monday first (ISO), as the server answers them. */
export const HEATMAP_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const ZAnalyticsChartsQuery = z.object({ granularity: z.enum(CHART_GRANULARITIES).default('day') });

const ZCount = z.number().int().min(0);
/** 7 rows (Monday first) of 24 hourly counts, in UTC. */
const ZWeekHourGrid = z.array(z.array(ZCount).length(24)).length(7);

export const ZAnalyticsChartsResponse = z.object({
  granularity: z.enum(CHART_GRANULARITIES),
  /** Every period, weekday and hour is computed on the stored timestamps in UTC. */
  timeZone: z.literal('UTC'),
  volume: z.object({
    /** One point per day or ISO week (its Monday), YYYY-MM-DD, oldest first, empty periods included. */
    points: z.array(z.object({ period: z.string(), incoming: ZCount, outgoing: ZCount })),
    /** True when older mail exists than the first period shown (see VOLUME_MAX_PERIODS). */
    truncated: z.boolean(),
  }),
  heatmap: z.object({ received: ZWeekHourGrid, sent: ZWeekHourGrid }),
  responseTimes: z.object({
    /** Every bucket of RESPONSE_TIME_BUCKETS, in that order. */
    buckets: z.array(z.object({ key: z.enum(RESPONSE_TIME_BUCKETS), count: ZCount })),
    /** Incoming messages the user answered (first reply only). */
    replies: ZCount,
    medianMinutes: z.number().nullable(),
  }),
});
export type AnalyticsChartsResponse = z.infer<typeof ZAnalyticsChartsResponse>;
