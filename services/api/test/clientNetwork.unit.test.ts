import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../src/http/clientNetwork';

const per64 = (address: string | undefined) => clientNetwork(address, 64);

describe('the network a limit per client address counts', () => {
  it('counts an IPv4 client per address', () => {
    expect(per64('203.0.113.7')).toBe('203.0.113.7');
    expect(per64('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts an IPv6 client per /64, however its address is written', () => {
    const spellings = [
      '2001:db8:85a3:1:0:0:0:1',
      '2001:db8:85a3:1::1',
      '2001:0db8:85a3:0001:0000:0000:0000:0001',
      '2001:DB8:85A3:1::1',
      '2001:db8:85a3:1:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:1:1234:5678:9abc:def0',
      '2001:db8:85a3:1::1%eth0',
      '2001:db8:85a3:1::1%12',
      '2001:db8:85a3:1::1%wlan-0.100',
    ];
    expect(new Set(spellings.map(per64))).toEqual(new Set(['2001:db8:85a3:1::/64']));
    expect(per64('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(per64('2001:db8:85a3::1')).toBe('2001:db8:85a3::/64');
    expect(per64('::1')).toBe('::/64');
  });

  it('counts an IPv4 client seen through an IPv6 socket as that IPv4 address', () => {
    expect(per64('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(per64('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(per64('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(per64('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    // Only the mapped form is an IPv4 client: the old "compatible" form and NAT64 are IPv6 networks.
    expect(per64('64:ff9b::203.0.113.7')).toBe('64:ff9b::/64');
  });

  it('takes other prefixes: wider blocks share one count, /128 is the single address', () => {
    expect(clientNetwork('2001:db8:85a3:1::1', 56)).toBe('2001:db8:85a3::/56');
    expect(clientNetwork('2001:db8:85a3:ff::1', 56)).toBe('2001:db8:85a3::/56');
    expect(clientNetwork('2001:db8:85a3:100::1', 56)).toBe('2001:db8:85a3:100::/56');
    expect(clientNetwork('2001:db8:85a3:1::1', 48)).toBe('2001:db8:85a3::/48');
    expect(clientNetwork('2001:db8:85a3:1::1', 128)).toBe('2001:db8:85a3:1::1/128');
    expect(clientNetwork('2001:db8:85a3:1::2', 128)).toBe('2001:db8:85a3:1::2/128');
    expect(clientNetwork('2001:db8:85a3:1::1', 1)).toBe('::/1');
    expect(clientNetwork('8001:db8::1', 1)).toBe('8000::/1');
    expect(clientNetwork('2001:db8:85a3:1:8000::1', 65)).toBe('2001:db8:85a3:1:8000::/65');
    // The prefix does not change how an IPv4 client counts.
    expect(clientNetwork('::ffff:203.0.113.7', 48)).toBe('203.0.113.7');
  });

  it('counts what is not an address as it is', () => {
    expect(per64(undefined)).toBe('unknown');
    expect(per64('')).toBe('');
    expect(per64('not an address')).toBe('not an address');
    expect(per64('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
