import { lookup } from 'node:dns/promises';
import { isPublicAddress } from './public-address.ts';

export type ResolvedMailHost = { address: string } | { refused: 'unresolved' | 'private'; detail: string };

/**
 * The one address a mail server connection goes to: `host` resolved once (IPv4 first), every
 * address it has checked when private ones are not allowed (one private answer refuses the host),
 * the first one used. Connecting to this address, not the name, keeps a second DNS answer from
 * pointing the connection elsewhere after the check.
 */
export async function resolveMailHost(host: string, { allowPrivate }: { allowPrivate: boolean }): Promise<ResolvedMailHost> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, order: 'ipv4first' });
  } catch (error) {
    return { refused: 'unresolved', detail: (error as { code?: string }).code ?? String(error) };
  }
  const first = addresses[0];
  if (!first) return { refused: 'unresolved', detail: 'no address' };
  if (!allowPrivate) {
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked) return { refused: 'private', detail: blocked.address };
  }
  return { address: first.address };
}
