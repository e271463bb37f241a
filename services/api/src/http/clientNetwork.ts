import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What a limit per client address counts: the network the client owns, written one way. An IPv4 address is one
 * subscriber (or a carrier's NAT, which the limits' numbers allow for). An IPv6 subscriber is given a whole /64 or more
 * (RFC 6177), so its address alone would be a fresh budget per attempt: it counts by its first `ipv6PrefixLength` bits
 * (`RATE_LIMIT_IPV6_PREFIX`). An IPv4 client seen through an IPv6 socket (`::ffff:1.2.3.4`) is that IPv4 address. A
 * zone id (`%eth0`) names an interface of this host, not a network, so it is dropped. Anything that is not an address
 * (no socket address at all) is counted as it is.
 */
export function clientNetwork(address: string | undefined, ipv6PrefixLength: number): string {
  if (address === undefined) return 'unknown';
  const withoutZone = address.split('%', 1)[0]!;
  // node's own parser first: it is linear, and it vouches for what ipaddr.js then reads.
  switch (isIP(withoutZone)) {
    case 4:
      return withoutZone;
    case 6: {
      const ipv6 = ipaddr.IPv6.parse(withoutZone);
      if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
      return `${ipaddr.IPv6.networkAddressFromCIDR(`${withoutZone}/${ipv6PrefixLength}`).toString()}/${ipv6PrefixLength}`;
    }
    default:
      return address;
  }
}
