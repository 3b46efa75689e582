import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Janus signed tokens (`token_auth_secret`, docs/decisions/1041): `<expiry s>,<realm>,<item>[,…]:
 * <base64 HMAC-SHA1(secret, the part before the colon)>`. Janus checks two realms, so a client
 * holds two tokens, signed here together and expiring together:
 * - the session token (realm `janus`): checked with its expiry on every request of the session, and
 *   for the item `janus.plugin.videoroom` when a handle attaches. Its items `room=`, `id=` (the
 *   identity, base64url: no commas or colons), `role=`, `iat=` (minted, ms), `key=` (the project
 *   key that minted it) and `ej=1` (eject at expiry) are ours: Janus ignores them, and the
 *   event handler's `attached` event hands this token back, so the service learns who a handle is
 *   from the token itself, without storing it;
 * - the join token (realm `janus.plugin.videoroom`, item `room=<id>`): checked when the handle joins
 *   a room created with `signed_tokens`, so it opens that room and no other.
 */

export const VIDEOROOM_PLUGIN = "janus.plugin.videoroom";
const REALM = "janus";

function sign(secret: string, data: string): string {
  return createHmac("sha1", secret).update(data).digest("base64");
}

const signed = (secret: string, items: (string | number)[]) => {
  const data = items.join(",");
  return `${data}:${sign(secret, data)}`;
};

/** The two tokens a client presents to Janus: `token` for its session, `joinToken` in the VideoRoom join. */
export function janusCredential(
  secret: string,
  grant: {
    roomId: string;
    identity: string;
    role: string;
    expiresAt: Date;
    mintedAt?: Date;
    keyId?: string;
    ejectAtExpiry?: boolean;
  },
): { token: string; joinToken: string } {
  const expiry = Math.floor(grant.expiresAt.getTime() / 1000);
  return {
    token: signed(secret, [
      expiry,
      REALM,
      VIDEOROOM_PLUGIN,
      `room=${grant.roomId}`,
      `id=${Buffer.from(grant.identity, "utf8").toString("base64url")}`,
      `role=${grant.role}`,
      ...(grant.mintedAt ? [`iat=${grant.mintedAt.getTime()}`] : []),
      // Key ids are `key_` plus base62: no comma or colon.
      ...(grant.keyId ? [`key=${grant.keyId}`] : []),
      ...(grant.ejectAtExpiry ? ["ej=1"] : []),
    ]),
    joinToken: signed(secret, [expiry, VIDEOROOM_PLUGIN, `room=${grant.roomId}`]),
  };
}

/** The service's own token for its control sessions: the plugin, no room (it creates rooms, never joins). */
export function controlToken(secret: string, now: Date, ttlSeconds = 600): string {
  return signed(secret, [Math.floor(now.getTime() / 1000) + ttlSeconds, REALM, VIDEOROOM_PLUGIN]);
}

export interface ReadCredential {
  roomId: string;
  identity: string;
  role: string;
  expiresAt: Date;
  /** When it was minted (ms), for revocations; absent in credentials minted before it was carried. */
  issuedAt?: Date;
  keyId?: string;
  ejectAtExpiry: boolean;
}

/**
 * The grant inside a session token the service signed, or undefined for anything else (a foreign
 * or forged token, our control token). Expiry is not checked: Janus did, and events arrive late.
 */
export function readJanusCredential(secret: string, token: string): ReadCredential | undefined {
  const colon = token.indexOf(":");
  if (colon < 0 || token.indexOf(":", colon + 1) >= 0) return undefined;
  const data = token.slice(0, colon);
  const given = Buffer.from(token.slice(colon + 1), "utf8");
  const expected = Buffer.from(sign(secret, data), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [expiry, realm, plugin, ...items] = data.split(",");
  if (realm !== REALM || plugin !== VIDEOROOM_PLUGIN || !expiry || !/^\d+$/.test(expiry)) return undefined;
  const item = (name: string) => items.find((i) => i.startsWith(`${name}=`))?.slice(name.length + 1);
  const roomId = item("room");
  const id = item("id");
  const role = item("role");
  if (!roomId || id === undefined || !role) return undefined;
  const identity = Buffer.from(id, "base64url").toString("utf8");
  if (!identity) return undefined;
  const iat = item("iat");
  const keyId = item("key");
  return {
    roomId,
    identity,
    role,
    expiresAt: new Date(Number(expiry) * 1000),
    ...(iat && /^\d{1,15}$/.test(iat) ? { issuedAt: new Date(Number(iat)) } : {}),
    ...(keyId ? { keyId } : {}),
    ejectAtExpiry: item("ej") === "1",
  };
}

/**
 * Secrets the service and Janus share, derived from JANUS_TOKEN_SECRET so operators keep one value:
 * the VideoRoom `admin_key` (only the service creates and lists rooms) and each room's `secret`
 * (only the service kicks, destroys or edits). The config generator writes the same admin key.
 */
export function derivedSecret(
  secret: string,
  purpose: "videoroom-admin-key" | `room-secret:${string}` | `node-events:${string}`,
): string {
  return createHmac("sha256", secret).update(`svc-media:${purpose}`).digest("base64url");
}

/**
 * A node's own events credential (docs/decisions/1215): the basic-auth password its event handler
 * sends, derived from JANUS_EVENTS_SECRET and the node's JANUS_URL entry. Each node's
 * configuration holds only its own, so a node (or whoever reads its config) can speak for itself
 * and no other node; the service recognises the node by the password alone.
 */
export function nodeEventsSecret(eventsSecret: string, node: string): string {
  return derivedSecret(eventsSecret, `node-events:${node}`);
}
