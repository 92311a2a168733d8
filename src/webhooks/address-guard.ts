// Where a webhook may not go (issue 13, docs/webhooks.md): an endpoint URL is chosen by
// whoever holds an API key, so without this it could aim the server at itself, its network
// or its cloud's metadata service. Checked on the address actually connected to, after DNS,
// so a name that resolves (or re-resolves) to such an address is refused too.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const FORBIDDEN = new BlockList();
const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // shared address space (carrier NAT; some clouds' metadata)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, where cloud metadata services answer (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];
const V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["fc00::", 7], // unique local (AWS metadata answers at fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
];
for (const [net, bits] of V4) FORBIDDEN.addSubnet(net, bits, "ipv4");
for (const [net, bits] of V6) FORBIDDEN.addSubnet(net, bits, "ipv6");

/** Loopback, private, link-local, metadata and other non-public addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are checked against the IPv4 rules.
  return FORBIDDEN.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class ForbiddenTargetError extends Error {}

/**
 * A `lookup` for http.request that refuses a name resolving to any forbidden address: all
 * of a name's addresses are checked, so a mixed answer cannot slip one through.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad !== undefined) {
      const refused = new ForbiddenTargetError(
        `${hostname} resolves to ${bad.address}, a non-public address`,
      );
      return callback(refused, "", 0);
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** A host given as an address literal is connected to without a lookup: checked here. */
export function literalRefusal(hostname: string): string | undefined {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host) === 0 || !isForbiddenAddress(host)) return undefined;
  return `${host} is a non-public address`;
}
