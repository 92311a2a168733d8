// Where a webhook may not go (docs/webhooks.md): an endpoint URL is chosen by
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
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];
const V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 32], // Teredo: the IPv4 address it reaches is hidden in the bits
  ["2001:db8::", 32], // documentation
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
  if (FORBIDDEN.check(address, family === 4 ? "ipv4" : "ipv6")) return true;
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  return embedded !== undefined && FORBIDDEN.check(embedded, "ipv4");
}

/**
 * The IPv4 address an IPv6 one carries to a translator or a dual stack: NAT64's well-known
 * prefix 64:ff9b::/96 (RFC 6052 §2.1: the IPv4 address in the last 32 bits), 6to4's 2002::/16
 * (RFC 3056 §2: "2002:V4ADDR::/48"), IPv4-compatible ::/96 (RFC 4291 §2.5.5.1, deprecated but
 * still routed to the IPv4 address by some stacks) and IPv4-translated ::ffff:0:0:0/96 (RFC
 * 2765 §2.1, SIIT). 64:ff9b::10.0.0.1, ::127.0.0.1 and ::ffff:0:127.0.0.1 must be refused as the
 * IPv4 address they carry is.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expand(address);
  if (groups === undefined) return undefined;
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6);
  const compatible = zero(0, 6);
  const translated = zero(0, 4) && groups[4] === 0xffff && groups[5] === 0;
  if (nat64 || compatible || translated) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

/** Eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as two). */
function expand(address: string): number[] | undefined {
  const text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const tail = dotted ? [(+dotted[1]! << 8) | +dotted[2]!, (+dotted[3]! << 8) | +dotted[4]!] : [];
  const body = dotted ? text.slice(0, dotted.index).replace(/([^:]):$/, "$1") : text;
  const [head = "", rest] = body.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = [...parse(rest ?? ""), ...tail];
  const missing = 8 - left.length - right.length;
  if (rest === undefined && missing !== 0) return undefined;
  const groups = [...left, ...Array<number>(Math.max(0, missing)).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
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
