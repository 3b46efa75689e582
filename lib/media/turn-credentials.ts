import { createHmac } from "node:crypto";
import { env } from "@/lib/env";

/** One ICE server as browsers take it (RTCIceServer) and the room-token answer carries it. */
export interface IceServer {
  urls: string[];
  username: string;
  credential: string;
}

/**
 * Time-limited TURN credentials (docs/decisions/1248), the "TURN REST API" scheme coturn's
 * `use-auth-secret` checks: username `<expiry as unix seconds>:<identity>`, password
 * base64(HMAC-SHA1(static-auth-secret, username)). coturn refuses them after the expiry, and no
 * secret is stored or shared with clients. The credential never outlives its room token, nor
 * SVC_TURN_TTL_SEC. Undefined when no TURN relay is configured (SVC_TURN_URLS, SVC_TURN_SECRET).
 */
export function turnIceServers(
  identity: string,
  tokenExpiresAt: Date,
  now = new Date(),
): IceServer[] | undefined {
  const urls = env.SVC_TURN_URLS;
  const secret = env.SVC_TURN_SECRET;
  if (!urls || urls.length === 0 || !secret) return undefined;
  const expiry = Math.floor(
    Math.min(now.getTime() + env.SVC_TURN_TTL_SEC * 1000, tokenExpiresAt.getTime()) / 1000,
  );
  const username = `${expiry}:${identity}`;
  return [{ urls, username, credential: turnPassword(secret, username) }];
}

/** coturn's password for a REST API username: base64(HMAC-SHA1(secret, username)). */
export function turnPassword(secret: string, username: string): string {
  return createHmac("sha1", secret).update(username, "utf8").digest("base64");
}
