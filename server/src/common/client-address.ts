import ipaddr from "ipaddr.js";

/**
 * The key under which a client's address is counted by rate limits. One IPv6 client holds a
 * whole /64 (it can pick any address in it), so IPv6 is keyed by its /64; an IPv4-mapped IPv6
 * address (::ffff:203.0.113.7) is the IPv4 address it carries. Anything unparsable is kept
 * as given.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  const bare = ip.replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return ip;
  const addr = ipaddr.process(bare);
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}
