import { z } from "zod";
import { PUBLIC_PROVIDERS } from "@/lib/media/driver-registry";
import { ROOM_TYPE_ALIASES, ROOM_TYPES } from "@/lib/rooms/room-types";
import { CAPABILITIES, PREVIEW_ROOM_TYPES, ROOM_ROLES } from "@/lib/tokens/capabilities";
import { DEFAULT_TTL_SECONDS, MAX_TTL_SECONDS, MIN_TTL_SECONDS } from "@/lib/tokens/token-ttl";
import { timestamp } from "@/lib/wire";

export { DEFAULT_TTL_SECONDS, MAX_TTL_SECONDS, MIN_TTL_SECONDS } from "@/lib/tokens/token-ttl";

const ACCEPTED_TYPES = [...ROOM_TYPES, ...Object.keys(ROOM_TYPE_ALIASES), ...PREVIEW_ROOM_TYPES];
const notBlank = (v: string) => v.trim().length > 0;

/** Body of POST /v1/auth/tokens/room (docs/spec/product-decisions.md §5). Unknown extra fields are ignored. */
export const roomTokenBody = z.object({
  roomId: z
    .string({ error: "roomId is required (a room id or short code)" })
    .min(1, "roomId is required (a room id or short code)")
    .max(64, "roomId is at most 64 characters"),
  identity: z
    .string({ error: "identity is required (1 to 128 characters)" })
    .min(1, "identity must be 1 to 128 characters")
    .max(128, "identity must be 1 to 128 characters")
    .refine(notBlank, "identity must not be blank"),
  role: z.enum(ROOM_ROLES, { error: `role must be one of ${ROOM_ROLES.join(", ")}` }),
  roomType: z
    .enum(ACCEPTED_TYPES, { error: `roomType must be one of ${ACCEPTED_TYPES.join(", ")}` })
    .optional(),
  userId: z
    .string({ error: "userId must be a string of 1 to 128 characters" })
    .min(1, "userId must be 1 to 128 characters")
    .max(128, "userId must be 1 to 128 characters")
    .refine(notBlank, "userId must not be blank")
    .optional(),
  displayName: z
    .string({ error: "displayName must be a string of up to 200 characters" })
    .max(200, "displayName must be at most 200 characters")
    .optional(),
  caps: z
    .array(z.enum(CAPABILITIES, { error: `each cap must be one of ${CAPABILITIES.join(", ")}` }), {
      error: "caps must be an array of capability names",
    })
    .max(CAPABILITIES.length * 4, "caps lists too many entries")
    .optional(),
  ttlSeconds: z
    .number({ error: `ttlSeconds must be an integer from ${MIN_TTL_SECONDS} to ${MAX_TTL_SECONDS}` })
    .int(`ttlSeconds must be an integer from ${MIN_TTL_SECONDS} to ${MAX_TTL_SECONDS}`)
    .min(MIN_TTL_SECONDS, `ttlSeconds must be an integer from ${MIN_TTL_SECONDS} to ${MAX_TTL_SECONDS}`)
    .max(MAX_TTL_SECONDS, `ttlSeconds must be an integer from ${MIN_TTL_SECONDS} to ${MAX_TTL_SECONDS}`)
    .default(DEFAULT_TTL_SECONDS),
  ejectAtExpiry: z.boolean({ error: "ejectAtExpiry must be true or false" }).optional().meta({
    description:
      "Remove the holder from the room when the token expires (docs/decisions/1323), on every media plane; without it a participant already in the room stays past expiry. The token then carries the claim `eject_at_expiry: true`.",
  }),
});
export type RoomTokenInput = z.output<typeof roomTokenBody>;

/** The media plane's credential (lib/media/plane.ts MediaCredential), present when one is configured. */
export const mediaCredentialSchema = z
  .object({
    provider: z.enum(PUBLIC_PROVIDERS).meta({
      description:
        "The media server the client connects to: `janus` (janus.js) or `livekit` (livekit-client: `room.connect(url, token)`).",
    }),
    url: z.string().meta({
      description:
        "Where the client connects: the public URL of the room's media node (LiveKit: LIVEKIT_URL).",
    }),
    token: z.string().meta({
      description:
        "The media server's credential for this identity in this room; expires with the room token. LiveKit: an access token (HS256) for exactly this room, with the room token's identity, name, lifetime and capabilities.",
    }),
    room: z
      .string()
      .optional()
      .meta({ description: "The room's id on the media server (Janus VideoRoom id)." }),
    join_token: z.string().optional().meta({
      description:
        "Janus: the `token` of the VideoRoom `join` request (`token` above is the session's, `new Janus({ token })`). Same lifetime.",
    }),
    ice_servers: z
      .array(
        z.object({
          urls: z.array(z.string()).meta({ description: "`turn:` / `turns:` URLs of the relay." }),
          username: z.string().meta({ description: "`<expiry as unix seconds>:<identity>`" }),
          credential: z.string().meta({ description: "base64(HMAC-SHA1(relay secret, username))" }),
        }),
      )
      .optional()
      .meta({
        description:
          "TURN relays with time-limited credentials (coturn's `use-auth-secret` scheme), present when the service is configured with one (SVC_TURN_URLS): pass as `RTCPeerConnection`'s `iceServers`. Valid until the username's expiry, never after the room token (docs/decisions/1248).",
      }),
  })
  .meta({ id: "MediaCredential" });

/** The answer of POST /v1/auth/tokens/room. */
export const roomTokenSchema = z
  .object({
    token: z.string().meta({ description: "ES256/EdDSA JWT" }),
    expires_at: timestamp,
    media: mediaCredentialSchema.optional().meta({
      description: "Present when the service runs a media plane (SVC_MEDIA_PLANE): how to enter the room.",
    }),
  })
  .meta({ id: "RoomToken" });
export type RoomToken = z.output<typeof roomTokenSchema>;

/** /.well-known/jwks.json: the public keys room tokens verify with. */
export const jwksSchema = z
  .object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) })
  .meta({ id: "JWKS" });
export type Jwks = z.output<typeof jwksSchema>;
