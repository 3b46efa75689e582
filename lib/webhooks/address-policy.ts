import { isIP } from "node:net";

/**
 * Which network addresses a webhook may reach in cloud mode (docs/spec/product-decisions.md §6): no loopback, private,
 * link-local, unique-local, shared (CGNAT), multicast, reserved or cloud-metadata targets. IPv6
 * forms that embed a routable IPv4 address (mapped, NAT64, 6to4) are judged by that address; forms
 * that are never a public route (IPv4-compatible, IPv4-translated, local-use NAT64, Teredo) are
 * refused whole (docs/decisions/1055). The same check runs at registration (lib/webhooks/webhook-url.ts)
 * and on every address a delivery connects to (lib/webhooks/resolve-host.ts).
 */

type Range = readonly [prefix: bigint, bits: number];

const v4 = (a: number, b: number, c: number, d: number): bigint =>
  (BigInt(a) << 24n) | (BigInt(b) << 16n) | (BigInt(c) << 8n) | BigInt(d);

const BLOCKED_V4: readonly Range[] = [
  [v4(0, 0, 0, 0), 8], // "this network"
  [v4(10, 0, 0, 0), 8], // private
  [v4(100, 64, 0, 0), 10], // shared address space (CGNAT; Alibaba's metadata 100.100.100.200)
  [v4(127, 0, 0, 0), 8], // loopback
  [v4(169, 254, 0, 0), 16], // link-local (AWS/GCP/Azure metadata 169.254.169.254)
  [v4(172, 16, 0, 0), 12], // private
  [v4(192, 0, 0, 0), 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  [v4(192, 0, 2, 0), 24], // documentation
  [v4(192, 88, 99, 0), 24], // 6to4 relay anycast
  [v4(192, 168, 0, 0), 16], // private
  [v4(198, 18, 0, 0), 15], // benchmarking
  [v4(198, 51, 100, 0), 24], // documentation
  [v4(203, 0, 113, 0), 24], // documentation
  [v4(224, 0, 0, 0), 4], // multicast
  [v4(240, 0, 0, 0), 4], // reserved, broadcast
  [v4(168, 63, 129, 16), 32], // Azure platform endpoint (wireserver)
];

const v6 = (hex: string): bigint => BigInt(`0x${hex.padEnd(32, "0")}`);

const BLOCKED_V6: readonly Range[] = [
  [0n, 96], // unspecified, loopback and IPv4-compatible (deprecated, RFC 4291 2.5.5.1)
  [v6("0000000000000000ffff0000"), 96], // IPv4-translated (SIIT, RFC 2765): never a public route
  [v6("0100"), 64], // discard-only
  [v6("0064ff9b0001"), 48], // local-use NAT64 (RFC 8215)
  [v6("2001"), 23], // IETF protocol assignments: Teredo (the IPv4 inside is obfuscated), ORCHID, benchmarking
  [v6("20010db8"), 32], // documentation
  [v6("3fff0"), 20], // documentation (RFC 9637)
  [v6("5f00"), 16], // segment routing SIDs (RFC 9602)
  [v6("fc"), 7], // unique-local (AWS metadata fd00:ec2::254)
  [v6("fe8"), 10], // link-local
  [v6("fec"), 10], // site-local (deprecated)
  [v6("ff"), 8], // multicast
];

function inRange(value: bigint, width: number, [prefix, bits]: Range): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

function parseV4(s: string): bigint | undefined {
  const parts = s.split(".");
  if (parts.length !== 4) return undefined;
  let out = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    out = (out << 8n) | BigInt(p);
  }
  return out;
}

function parseV6(input: string): bigint | undefined {
  let s = input.replace(/^\[|\]$/g, "").split("%")[0] ?? "";
  // A trailing dotted quad (::ffff:127.0.0.1) becomes two hex groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (dotted?.[1]) {
    const n = parseV4(dotted[1]);
    if (n === undefined) return undefined;
    s = `${s.slice(0, -dotted[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let out = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
    out = (out << 16n) | BigInt(`0x${g}`);
  }
  return out;
}

function blockedV4(n: bigint): boolean {
  return BLOCKED_V4.some((r) => inRange(n, 32, r));
}

/** True when `address` (an IPv4 or IPv6 literal) must not be reached in cloud mode. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare.split("%")[0] ?? "");
  if (family === 4) {
    const n = parseV4(bare);
    return n === undefined || blockedV4(n);
  }
  if (family !== 6) return true;
  const n = parseV6(bare);
  if (n === undefined) return true;
  const low32 = n & 0xffff_ffffn;
  // Forms that carry a routable IPv4 address are judged by it (docs/decisions/1055).
  if (n >> 32n === 0xffffn) return blockedV4(low32); // ::ffff:a.b.c.d (mapped)
  if (n >> 32n === v6("0064ff9b") >> 32n) return blockedV4(low32); // 64:ff9b::a.b.c.d (NAT64)
  if (n >> 112n === 0x2002n) return blockedV4((n >> 80n) & 0xffff_ffffn); // 2002:aabb:ccdd:: (6to4)
  return BLOCKED_V6.some((r) => inRange(n, 128, r));
}

/** Host names refused in cloud mode before any lookup. */
const BLOCKED_NAMES = new Set(["localhost", "metadata", "metadata.google.internal", "metadata.goog"]);

/** Why a URL host is refused in cloud mode, or undefined when it may be tried. */
export function blockedHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (BLOCKED_NAMES.has(host) || host.endsWith(".localhost")) return `${hostname} is a local host name`;
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare) !== 0 && isBlockedAddress(bare)) {
    return `${hostname} is a loopback, private, link-local or otherwise internal address`;
  }
  return undefined;
}
