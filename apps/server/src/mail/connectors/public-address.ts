import ipaddr from 'ipaddr.js';

// NAT64's well-known prefix (RFC 6052): 64:ff9b::a.b.c.d reaches the IPv4 address a.b.c.d.
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Whether `address` (an IP literal) is a public unicast address. Refused: loopback, private (RFC
 * 1918), link-local, unique-local, carrier-grade NAT, unspecified, multicast, broadcast and the
 * reserved and documentation ranges, IPv6 transition ranges (6to4, Teredo) and IPv4-compatible
 * ::a.b.c.d. IPv4-mapped (::ffff:a.b.c.d) and NAT64 addresses are judged by their IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return (ip as ipaddr.IPv4).range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (v6.match(NAT64)) return isPublicAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return false;
  return v6.range() === 'unicast';
}
