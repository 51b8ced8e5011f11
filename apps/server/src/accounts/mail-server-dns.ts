import { Resolver } from 'node:dns/promises';
import { type MailSrvAnswers, type MxRecord, SRV_SERVICES, type SrvRecord } from './engine/mail-server-lookup.ts';

/** One question's wait for an answer; the lookup asks its questions at once, so a dead resolver costs about this. */
export const MAIL_DNS_TIMEOUT_MS = 2500;

// The resolver's answers that mean "the domain has no such record"; any other error means DNS was not reached.
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'EBADNAME']);

export type MailDns = ReturnType<typeof createMailDns>;

/**
 * The DNS questions of the mail server lookup, asked of `servers` (MAIL_DNS_SERVERS) or the
 * system's resolvers, one try each with a timeout.
 */
export function createMailDns({ servers, timeoutMs = MAIL_DNS_TIMEOUT_MS }: { servers?: string[] | undefined; timeoutMs?: number }) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers?.length) resolver.setServers(servers);

  /** The answer, [] for "no such record", or 'unreachable'. */
  const ask = async <T>(question: () => Promise<T[]>): Promise<T[] | 'unreachable'> => {
    try {
      return await question();
    } catch (error) {
      return NO_RECORD.has((error as { code?: string }).code ?? '') ? [] : 'unreachable';
    }
  };

  return {
    /**
     * A domain's RFC 6186 SRV records and its MX hosts, asked at once. `dnsUnavailable`: not one
     * question was answered (timeout, refused, no resolver), so nothing is known about the domain.
     */
    async askMailServices(domain: string): Promise<{ srv: MailSrvAnswers; mx: MxRecord[]; dnsUnavailable: boolean }> {
      const srv = (service: string) => ask<SrvRecord>(() => resolver.resolveSrv(`${service}.${domain}`));
      const answers = await Promise.all([
        srv(SRV_SERVICES.imaps),
        srv(SRV_SERVICES.imap),
        srv(SRV_SERVICES.submissions),
        srv(SRV_SERVICES.submission),
        ask<MxRecord>(() => resolver.resolveMx(domain)),
      ]);
      const [imaps, imap, submissions, submission, mx] = answers.map((answer) => (answer === 'unreachable' ? [] : answer)) as [
        SrvRecord[],
        SrvRecord[],
        SrvRecord[],
        SrvRecord[],
        MxRecord[],
      ];
      return {
        srv: { imaps, imap, submissions, submission },
        mx,
        dnsUnavailable: answers.every((answer) => answer === 'unreachable'),
      };
    },

    /** Every IPv4 and IPv6 address of a host name, from the same resolvers ([] when it has none or DNS did not answer). */
    async addressesOf(host: string): Promise<string[]> {
      const [v4, v6] = await Promise.all([ask(() => resolver.resolve4(host)), ask(() => resolver.resolve6(host))]);
      return [...(v4 === 'unreachable' ? [] : v4), ...(v6 === 'unreachable' ? [] : v6)];
    },
  };
}
