import { createHmac, hkdfSync } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { getEncryptionKey } from "@/lib/secrets";

/**
 * The keys of the sign-in counters (docs/decisions/1266). A guesser with many addresses or many
 * made-up emails used to add two counter rows per attempt, without bound. Now:
 *
 * - an IPv6 address counts as its /64 (one host is handed a /64: its addresses are free to rotate);
 * - the per-address and per-(account, address) counters live in fixed spaces of buckets chosen by
 *   a keyed hash, so the table holds at most IP_BUCKETS + PAIR_BUCKETS + ACCOUNT_BUCKETS sign-in
 *   rows whatever the attack; the key is derived from SVC_ENCRYPTION_KEY, so nobody can aim two
 *   addresses (or accounts) at one bucket. Two unrelated keys sharing a bucket share its budget,
 *   which at these sizes is rare and costs at most a wait.
 * - addresses an account signed in from stay exact (written only on a right password).
 */
export const IP_BUCKETS = 1 << 16;
export const PAIR_BUCKETS = 1 << 20;
export const ACCOUNT_BUCKETS = 1 << 20;

let cachedKey: { from: Buffer; key: Buffer } | undefined;
function bucketKey(): Buffer {
  const from = getEncryptionKey();
  if (cachedKey?.from !== from) {
    cachedKey = { from, key: Buffer.from(hkdfSync("sha256", from, "", "svc-sign-in-buckets", 32)) };
  }
  return cachedKey.key;
}

/** Eight hextets of an IPv6 address (`::` expanded, an embedded IPv4 tail as two hextets). */
function hextets(ip: string): string[] | null {
  let text = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array.from({ length: fill }, () => "0"), ...right];
  return all.length === 8 ? all.map((h) => h.toLowerCase().padStart(4, "0")) : null;
}

/** The network an address counts as: itself for IPv4 (mapped ones included), its /64 for IPv6. */
export function addressNetwork(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const h = hextets(ip.split("%")[0] ?? ip);
  if (!h) return ip;
  // ::ffff:a.b.c.d is an IPv4 client.
  if (h.slice(0, 5).every((x) => x === "0000") && h[5] === "ffff") {
    const n = (i: number) => Number.parseInt(h[i] ?? "0", 16);
    return `${n(6) >> 8}.${n(6) & 255}.${n(7) >> 8}.${n(7) & 255}`;
  }
  return `${h.slice(0, 4).join(":")}::/64`;
}

function bucket(space: number, ...parts: string[]): string {
  const mac = createHmac("sha256", bucketKey()).update(parts.join("\n"), "utf8").digest();
  return `b${mac.readUInt32BE(0) % space}`;
}

export const signInKeys = {
  ip: (ip: string) => bucket(IP_BUCKETS, "ip", addressNetwork(ip)),
  account: (email: string) => bucket(ACCOUNT_BUCKETS, "account", email),
  pair: (email: string, ip: string) => bucket(PAIR_BUCKETS, "pair", email, addressNetwork(ip)),
  known: (email: string, ip: string) => `${email}\n${addressNetwork(ip)}`,
};
