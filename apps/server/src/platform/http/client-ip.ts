import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * Which proxies may name the client in `X-Forwarded-For` (env TRUSTED_PROXY). `null`: none, the
 * socket's address is the client. `hops`: that many proxies stand in front of the server.
 * `ranges`: the proxies' own addresses.
 */
export type TrustedProxy = { hops: number } | { ranges: Range[] } | null;

const MAX_HOPS = 20;

/** TRUSTED_PROXY's value: unset/false/0 = off, true = 1 proxy, a number of proxies, or addresses and CIDR ranges. A string is the error. */
export function parseTrustedProxy(value: string | undefined): TrustedProxy | string {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') return null;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { hops } : `at most ${MAX_HOPS} proxies`;
  }
  const ranges: Range[] = [];
  for (const entry of text.split(',').map((part) => part.trim())) {
    if (ipaddr.isValidCIDR(entry)) {
      const [address, bits] = ipaddr.parseCIDR(entry);
      ranges.push(toPlainRange(address, bits));
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else {
      return `"${entry}" is neither true, false, a number of proxies, an IP address nor a CIDR range`;
    }
  }
  return { ranges };
}

/** An IPv4-mapped IPv6 range (::ffff:10.0.0.0/104) as the IPv4 range it covers, to match processed addresses. */
function toPlainRange(address: ipaddr.IPv4 | ipaddr.IPv6, bits: number): Range {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [address, bits];
}

/** The address in canonical form, IPv4-mapped IPv6 as plain IPv4; undefined when it is none. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  return ipaddr.isValid(address) ? ipaddr.process(address) : undefined;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The client's address. Proxies are not trusted unless TRUSTED_PROXY says so; then the address is
 * read from `X-Forwarded-For` right to left, as far as the trusted proxies go (a client can write
 * anything at the left end, so only what a trusted proxy appended counts).
 */
export function clientIp(c: Context, trustedProxy: TrustedProxy): string {
  const socket = canonical(socketAddress(c) ?? '');
  if (!socket) return 'unknown';
  if (!trustedProxy) return socket.toString();
  // Nearest first: the socket's peer, then each address the proxies appended, last one first.
  const chain = [socket];
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((part) => part.trim());
  for (const entry of forwarded.reverse()) {
    const address = canonical(entry);
    if (!address) break;
    chain.push(address);
  }
  if ('hops' in trustedProxy) return chain[Math.min(trustedProxy.hops, chain.length - 1)]!.toString();
  let index = 0;
  while (index < chain.length - 1 && isTrusted(chain[index]!, trustedProxy.ranges)) index++;
  return chain[index]!.toString();
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]): boolean {
  return ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}
