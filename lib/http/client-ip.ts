import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

/**
 * The client's IP address, from a source a client cannot forge (docs/decisions/0880). Every limit
 * keyed by IP and the audit log read it here, nowhere else.
 *
 * Next does not hand route handlers the socket address, and the `X-Forwarded-For` it adds is only
 * set when the client sent none (`??=`), so a client picks its own. Our instrumentation hook
 * (lib/http/server-hooks.ts) therefore stamps every request, as the HTTP server receives it, with the socket's address in a
 * header carrying a random per-process token; a client-sent copy of that header cannot match it.
 */
const PEER_HEADER = "x-svc-peer";

const state = globalThis as typeof globalThis & { __svcPeerToken?: Buffer };
function token(): Buffer {
  state.__svcPeerToken ??= randomBytes(18);
  return state.__svcPeerToken;
}

/** Unknown peer (a runtime without the stamp): one shared bucket, never a client-chosen one. */
export const UNKNOWN_IP = "unknown";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(h: HeaderBag, name: string): string | undefined {
  if (h instanceof Headers) return h.get(name) ?? undefined;
  const v = h[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

/** `::ffff:192.0.2.1` is 192.0.2.1; anything that is not an address is undefined. */
function normalise(addr: string | undefined): string | undefined {
  const a = addr?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return a && isIP(a) ? a.toLowerCase() : undefined;
}

/** The value the server stamps: `<token> <socket address>` (also how tests stand in for a socket). */
export function peerStamp(address: string): { name: string; value: string } {
  return { name: PEER_HEADER, value: `${token().toString("base64url")} ${address}` };
}

/** The socket address the server stamped, when the stamp carries this process's token. */
function peerAddress(h: HeaderBag): string | undefined {
  const [given, addr] = (header(h, PEER_HEADER) ?? "").split(" ");
  if (!given || !addr) return undefined;
  const a = Buffer.from(given);
  const b = Buffer.from(token().toString("base64url"));
  return a.length === b.length && timingSafeEqual(a, b) ? normalise(addr) : undefined;
}

let trustedCache: { key: string; list: BlockList } | undefined;
function trustedList(cidrs: string[]): BlockList {
  const key = cidrs.join(",");
  if (trustedCache?.key === key) return trustedCache.list;
  const list = new BlockList();
  for (const c of cidrs) {
    const [addr = "", bits] = c.split("/");
    const type = isIP(addr) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  trustedCache = { key, list };
  return list;
}

function isTrusted(list: BlockList, addr: string): boolean {
  return list.check(addr, isIP(addr) === 6 ? "ipv6" : "ipv4");
}

/**
 * The chain is every forwarded hop, then the socket peer. With a hop count, the client is that many
 * hops left of the peer; with CIDRs, it is the first address from the right that is not a trusted
 * proxy. A forwarded entry that is not an address stops the walk at the proxy that added it.
 */
function fromChain(peer: string, forwarded: string | undefined): string {
  const proxies = env.SVC_TRUSTED_PROXIES;
  if (!proxies) return peer;
  const raw = (forwarded ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const chain = [...raw, peer];
  if ("hops" in proxies) {
    for (let i = chain.length - 1, hops = 0; i >= 0; i--, hops++) {
      const addr = normalise(chain[i]);
      if (!addr) return normalise(chain[i + 1]) ?? peer;
      if (hops === proxies.hops || i === 0) return addr;
    }
    return peer;
  }
  const list = trustedList(proxies.cidrs);
  let last = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const addr = normalise(chain[i]);
    if (!addr) return last;
    if (!isTrusted(list, addr)) return addr;
    last = addr;
  }
  return last;
}

/** The client's IP: Vercel's own header on Vercel, else the socket peer and the proxies trusted. */
export function clientIp(from: Request | HeaderBag): string {
  const h = from instanceof Request ? from.headers : from;
  if (env.VERCEL) {
    // Vercel's edge sets this itself, overwriting whatever the client sent.
    return normalise(header(h, "x-vercel-forwarded-for")?.split(",")[0]) ?? UNKNOWN_IP;
  }
  const peer = peerAddress(h);
  return peer ? fromChain(peer, header(h, "x-forwarded-for")) : UNKNOWN_IP;
}

/**
 * The TCP peer's own address, never a forwarded one (no proxy is believed here): for doors that
 * only a process on this machine may open (the development mailbox, lib/email/dev-mailbox.ts).
 * Undefined where the server stamped none (Vercel, a runtime without the hook).
 */
export function socketPeer(from: Request | HeaderBag): string | undefined {
  if (env.VERCEL) return undefined;
  return peerAddress(from instanceof Request ? from.headers : from);
}

/** Stamps a request the HTTP server just received with its socket address (lib/http/server-hooks.ts). */
export function stampPeer(req: IncomingMessage): void {
  const { name, value } = peerStamp(req.socket?.remoteAddress ?? "");
  req.headers[name] = value;
}
