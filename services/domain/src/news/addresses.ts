/**
 * Which network addresses a feed may be fetched from. Staff type feed URLs; without this rule a URL could make the
 * workers probe the internal network (databases, cloud metadata at 169.254.169.254, admin consoles on loopback).
 * Only globally routable unicast addresses are public; everything else is refused, IPv4 and IPv6 alike, including
 * IPv4 addresses wrapped in IPv6 (mapped, NAT64, 6to4), which reach the same hosts.
 */

/** [first address as a 32-bit number, prefix length] of every IPv4 range that is not public. */
const NON_PUBLIC_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** An IPv4 address in dotted decimal as a 32-bit number, or undefined. */
function ipv4Number(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

const inIpv4Range = (address: number, [first, prefix]: readonly [string, number]) => {
  const size = 2 ** (32 - prefix);
  const start = ipv4Number(first)!;
  return address >= start && address < start + size;
};

const isPublicIpv4Number = (address: number) => !NON_PUBLIC_IPV4.some((range) => inIpv4Range(address, range));

/** An IPv6 address (`::` shorthand, an embedded dotted IPv4 tail, a `%zone`) as its eight 16-bit groups, or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  // A zone (`%eth0`) is no part of the address: what precedes the first '%' (a pattern tried every later '%' again).
  let address = text.replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted) {
    const ipv4 = ipv4Number(dotted[1]!);
    if (ipv4 === undefined) return undefined;
    address = `${address.slice(0, dotted.index)}${Math.floor(ipv4 / 65536).toString(16)}:${(ipv4 % 65536).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => high * 65536 + low;

function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroThrough = (last: number) => groups.slice(0, last + 1).every((group) => group === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): the IPv4 host itself.
  if (zeroThrough(4) && g5 === 0xffff) return isPublicIpv4Number(ipv4Of(g6, g7));
  if (zeroThrough(5)) return false; // ::, ::1 and the deprecated IPv4-compatible form
  // 64:ff9b::/96, NAT64: translated to the IPv4 address in its last 32 bits.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return isPublicIpv4Number(ipv4Of(g6, g7));
  // 2002::/16, 6to4: tunnelled to the IPv4 address in bits 16-47.
  if (g0 === 0x2002) return isPublicIpv4Number(ipv4Of(g1, g2));
  // Global unicast is 2000::/3; within it, 2001::/23 holds Teredo and other protocol assignments, 2001:db8::/32 is documentation.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x200) return false;
  if (g0 === 0x2001 && g1 === 0xdb8) return false;
  return true;
}

/** Is this IP address (v4 or v6, as text) one a feed may be fetched from? Anything that is not an address is not. */
export function isPublicAddress(address: string): boolean {
  const ipv4 = ipv4Number(address);
  if (ipv4 !== undefined) return isPublicIpv4Number(ipv4);
  const groups = ipv6Groups(address);
  return groups !== undefined && isPublicIpv6(groups);
}

/** Is this text an IP address literal (as a URL's hostname holds it, IPv6 in brackets or not)? */
export const isAddressLiteral = (host: string) => ipv4Number(host) !== undefined || (host.includes(':') && ipv6Groups(host) !== undefined);

/** Host names that always mean this machine, whatever DNS says. */
export const isLocalHostName = (host: string) => /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.localhost$/i.test(host.replace(/\.$/, ''));
