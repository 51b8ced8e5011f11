import {
  MAIL_SERVER_LOOKUPS_PER_MINUTE,
  type MailServer,
  type MailServerLookupResponse,
  mailPresetForAddress,
  mailPresetForHost,
  PRESET_MESSAGES,
} from '@penman/contract';
import type { Deps } from '../deps.ts';
import { allowsPrivateMailHosts } from '../env.ts';
import { isPublicAddress } from '../mail/service.ts';
import { AppError } from '../platform/errors.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { mailServerCandidates, presetFromMx } from './engine/mail-server-lookup.ts';
import { createMailDns, type MailDns } from './mail-server-dns.ts';

// A domain may publish many SRV targets; a suggestion needs one, so only the first few are checked.
const CANDIDATES_CHECKED = 3;

/**
 * The first candidate whose name has addresses, all of them public unless private hosts are allowed:
 * the rule the IMAP add applies, so a DNS answer never suggests a loopback or LAN server to a user of
 * an open sign-up server.
 */
async function firstAllowed(dns: MailDns, candidates: MailServer[], allowPrivate: boolean): Promise<MailServer | null> {
  for (const candidate of candidates.slice(0, CANDIDATES_CHECKED)) {
    const addresses = await dns.addressesOf(candidate.host);
    if (addresses.length === 0) continue;
    if (!allowPrivate && addresses.some((address) => !isPublicAddress(address))) continue;
    return candidate;
  }
  return null;
}

/**
 * The mail servers to suggest for an address: its provider's preset when the domain is a known
 * one; else what the domain publishes in DNS (RFC 6186 SRV records), else the provider its MX hosts
 * belong to; else nothing, saying whether DNS could be reached at all.
 */
export async function lookupMailServer(
  { env, db, userId, now = Date.now() }: Pick<Deps, 'env' | 'db'> & { userId: string; now?: number },
  { email }: { email: string },
): Promise<MailServerLookupResponse> {
  const preset = mailPresetForAddress(email);
  if (preset) return { source: 'preset', presetId: preset.id, imap: preset.imap, smtp: preset.smtp, dnsUnavailable: false };
  // Each lookup asks DNS many questions about a domain the user chose: bounded per user.
  if ((await hitRateLimit(db, `mail-server-lookup:${userId}`, 60_000, now)) > MAIL_SERVER_LOOKUPS_PER_MINUTE)
    throw new AppError('RATE_LIMITED', PRESET_MESSAGES.rateLimited);

  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const dns = createMailDns({ servers: env.MAIL_DNS_SERVERS });
  const answers = await dns.askMailServices(domain);
  const candidates = mailServerCandidates(answers.srv);
  const allowPrivate = allowsPrivateMailHosts(env);
  const [imap, smtp] = await Promise.all([
    firstAllowed(dns, candidates.imap, allowPrivate),
    firstAllowed(dns, candidates.smtp, allowPrivate),
  ]);
  if (imap) return { source: 'srv', presetId: mailPresetForHost(imap.host)?.id ?? null, imap, smtp, dnsUnavailable: false };

  const mxPreset = presetFromMx(answers.mx);
  if (mxPreset) return { source: 'mx', presetId: mxPreset.id, imap: mxPreset.imap, smtp: mxPreset.smtp, dnsUnavailable: false };
  return { source: 'none', presetId: null, imap: null, smtp: null, dnsUnavailable: answers.dnsUnavailable };
}
