import { BlockList, isIPv6 } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { RuntimeConfig } from '@autobest/domain';

/** Loopback, link-local and private ranges: where a proxy of our own connects from. */
const privateNetworks = new BlockList();
for (const [network, prefix, type] of [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
] as const) {
  privateNetworks.addSubnet(network, prefix, type);
}

const isPrivateAddress = (address: string) => privateNetworks.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A list of addresses and ranges goes as it is. Fastify no longer takes a
 * hop count, because a count alone also trusts a client that reaches the API directly; here `n` trusts up to n
 * hops, each only from a loopback or private address, so a client on the internet cannot speak for another.
 * Proxies elsewhere (a CDN) are listed by their ranges instead.
 */
export function fastifyTrustProxy(trust: RuntimeConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (address, hop) => hop < trust && isPrivateAddress(address);
}
