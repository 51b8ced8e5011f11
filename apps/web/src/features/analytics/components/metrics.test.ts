import { describe, expect, it } from 'vitest';
import { analyticsMetrics } from './metrics.ts';

const account = (total: number, incoming: number, outgoing: number, averageEmailsPerDay: number) => ({
  totalEmailsCountActual: total,
  incomingEmailsCount: incoming,
  outgoingEmailsCount: outgoing,
  averageEmailsPerDay,
});

describe('analyticsMetrics', () => {
  it('adds the counts of the accounts', () => {
    expect(analyticsMetrics([account(15, 6, 9, 1.15), account(13, 12, 1, 0)])).toMatchObject({ totalEmails: 28, received: 18, sent: 10 });
  });

  it.each([
    ['one account, rounded down', [1.4], 1],
    ['one account, rounded up', [2.5], 3],
    ['averaged across accounts, then rounded', [1.4, 2.0], 2],
    ['an account without mail counts in the average', [3.0, 0], 2],
    ['averaged, not summed', [10, 10, 10], 10],
    ['no accounts', [], 0],
  ])('daily average: %s', (_case, averages, expected) => {
    expect(analyticsMetrics(averages.map((avg) => account(0, 0, 0, avg))).dailyAverage).toBe(expected);
  });
});
