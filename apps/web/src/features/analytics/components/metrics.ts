import type { EmailAccount } from '@penman/contract';

export type AnalyticsMetrics = { totalEmails: number; received: number; sent: number; dailyAverage: number };

type Counters = Pick<EmailAccount, 'totalEmailsCountActual' | 'incomingEmailsCount' | 'outgoingEmailsCount' | 'averageEmailsPerDay'>;

/**
 * The four metric cards over the selected accounts: counts add up; the daily average is the
 * accounts' averages averaged, then rounded (spec part 2, Analytics screen).
 */
export function analyticsMetrics(accounts: readonly Counters[]): AnalyticsMetrics {
  const sum = (pick: (account: Counters) => number) => accounts.reduce((total, account) => total + pick(account), 0);
  return {
    totalEmails: sum((a) => a.totalEmailsCountActual),
    received: sum((a) => a.incomingEmailsCount),
    sent: sum((a) => a.outgoingEmailsCount),
    dailyAverage: accounts.length ? Math.round(sum((a) => a.averageEmailsPerDay) / accounts.length) : 0,
  };
}
