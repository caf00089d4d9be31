import ipaddr from 'ipaddr.js';

/** The prefix an IPv6 client is counted by unless configured: one site's /64. */
export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/**
 * The key every per-address limit counts a client by: an IPv4 address as it is (an IPv4-mapped
 * IPv6 one too), an IPv6 address as its network of `ipv6PrefixLength` bits, written
 * `2001:db8:1:2::/64`. One host is given a whole /64 and can pick any address in it, so counting
 * exact IPv6 addresses would let it take any per-address limit as often as it likes. Anything
 * that does not parse is its own key.
 */
export function networkOf(ip: string, ipv6PrefixLength = DEFAULT_IPV6_PREFIX_LENGTH): string {
  // Most clients, and every balancer's forwarded address here, are plain IPv4.
  if (!ip.includes(':')) return ip;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (address.kind() === 'ipv4') return address.toString();
  if (ipv6PrefixLength >= 128) return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${ipv6PrefixLength}`);
  return `${network.toString()}/${ipv6PrefixLength}`;
}

/** `networkOf` with the prefix length fixed: what each limit is handed. */
export type NetworkOf = (ip: string) => string;

export function networksBy(ipv6PrefixLength: number): NetworkOf {
  return (ip) => networkOf(ip, ipv6PrefixLength);
}
