import { createHmac } from "node:crypto";
import type { ClaimGrants, VideoGrant } from "livekit-server-sdk";
import type { MediaGrant } from "@/lib/media/plane";

/**
 * LiveKit access tokens (docs/decisions/1090): LiveKit verifies HS256 only, against the API key and
 * secret in its `keys:`, so the service signs one per room token with LIVEKIT_API_SECRET beside
 * its own ES256 token. Signed here with node:crypto rather than the SDK's async AccessToken: the
 * token endpoint signs synchronously on its hot path (lib/tokens/mint-room-token.ts), and the
 * tests check every token with the SDK's own TokenVerifier (tests/media-livekit-tokens.test.ts).
 */

/** LiveKit's track sources (`canPublishSources`, TrackSource in JSON) per publish capability of §5. */
const SOURCES_BY_CAP: Record<string, readonly string[]> = {
  "publish:camera": ["camera"],
  "publish:mic": ["microphone"],
  "publish:screen": ["screen_share", "screen_share_audio"],
};

/** The video grant of one identity in one room, from the type × role × caps of docs/spec/product-decisions.md §5. */
export function livekitVideoGrant(grant: Pick<MediaGrant, "roomId" | "caps">): VideoGrant {
  const sources = grant.caps.flatMap((c) => SOURCES_BY_CAP[c] ?? []);
  return {
    room: grant.roomId,
    roomJoin: true,
    // A viewer (or caps without a publish source) publishes nothing: LiveKit enforces it.
    canPublish: sources.length > 0,
    // The grant's type is the SDK's enum; the JWT carries the names, as the SDK writes them.
    canPublishSources: sources as unknown as VideoGrant["canPublishSources"],
    canPublishData: grant.caps.includes("publish:data"),
    canSubscribe: grant.caps.includes("subscribe:all"),
    // Attributes carry who a participant is (prj, uid, role): the participant may not rewrite them.
    canUpdateOwnMetadata: false,
  };
}

/** The claims of the LiveKit token for a room token's grant (lifetime, identity and name alike). */
export function livekitClaims(apiKey: string, grant: MediaGrant): ClaimGrants {
  return {
    video: livekitVideoGrant(grant),
    ...(grant.displayName !== undefined ? { name: grant.displayName } : {}),
    // `iat` (ms), `key` and `eject` come back in its webhooks: revocations and eject at expiry
    // (docs/decisions/1320–1323) are judged from them.
    attributes: {
      prj: grant.projectId,
      uid: grant.userId,
      role: grant.role,
      ...(grant.mintedAt ? { iat: String(grant.mintedAt.getTime()) } : {}),
      ...(grant.keyId ? { key: grant.keyId } : {}),
      ...(grant.ejectAtExpiry ? { eject: String(grant.expiresAt.getTime()) } : {}),
    },
    iss: apiKey,
    sub: grant.identity,
    nbf: Math.floor(grant.issuedAt.getTime() / 1000),
    exp: Math.floor(grant.expiresAt.getTime() / 1000),
  };
}

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** An HS256 JWT of `claims` (RFC 7519), as LiveKit's auth package verifies it. */
export function signHs256(secret: string, claims: object): string {
  const data = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${data}.${createHmac("sha256", secret).update(data).digest("base64url")}`;
}

export function livekitToken(apiKey: string, apiSecret: string, grant: MediaGrant): string {
  return signHs256(apiSecret, livekitClaims(apiKey, grant));
}
