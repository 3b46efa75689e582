import type { MediaCredential, Operations, RoomToken } from "./generated/api.js";
import { Transport, type TransportOptions } from "./http.js";

/** What `mintRoomToken` sends: room (id or short code), participant identity, role, and the optional narrowing. */
export type RoomTokenRequest = Operations["mintRoomToken"]["body"];

/**
 * Where a client connects for media, when the service runs a media plane (`provider` names the
 * driver, `token` is what that media server takes, `room` its room id). Absent when the
 * deployment runs none (the default): then the room token is all there is. Generated from the
 * API document (`MediaCredential`).
 */
export type MediaAccess = MediaCredential;

/** A minted room token: the JWT, its expiry, and `media` when the deployment runs a media plane. */
export type RoomTokenResult = RoomToken;

/** The default `retryBudgetMs` of `mintRoomToken`: a join should fail fast, not wait out a long `Retry-After`. */
export const MINT_RETRY_BUDGET_MS = 2_000;

/** Where and how to mint: the service's URL and a project key (`svc_pk_<keyId>.<secret>`). */
export interface RoomTokenConfig extends TransportOptions {
  /** `svc_pk_<keyId>.<secret>` from the console or `POST …/api-keys` (`project_key`). Keep it server-side. */
  projectKey: string;
}

/**
 * Mints a short-lived room token (a JWT bound to one room) for one participant, with a project
 * key. Call it from your server, never from a browser: the key must stay secret.
 *
 * @example
 * const { token, expires_at } = await mintRoomToken(
 *   { roomId: "rm_…", identity: "alice", role: "publisher", ttlSeconds: 600 },
 *   { baseUrl: "https://svc.example.com", projectKey: process.env.SVC_PROJECT_KEY! },
 * );
 * @throws {SvcApiError} `invalid_api_key` (401), `insufficient_scope` (403), `not_found` (404),
 *   `room_ended` (409), `validation_failed` / `room_type_preview` (422), `plan_required` (402),
 *   `rate_limited` (429) or `service_unavailable` (503) once the retry budget (`retryBudgetMs`,
 *   default 2 s in all) is spent or the server's `Retry-After` is longer: `err.retryAfter` says
 *   when to try again.
 */
export async function mintRoomToken(
  request: RoomTokenRequest,
  config: RoomTokenConfig,
): Promise<RoomTokenResult> {
  if (!config.projectKey) throw new TypeError("projectKey is required");
  // A participant is waiting: a deployment whose media plane is down answers 503 with
  // `Retry-After`, and waiting it out three times would hold the join for ~15 s. By default the
  // retries here wait at most 2 s in all (docs/decisions/1292); the error carries `retryAfter`.
  const transport = new Transport({ retryBudgetMs: MINT_RETRY_BUDGET_MS, ...config });
  const sent = await transport.send({
    method: "POST",
    path: "/v1/auth/tokens/room",
    body: request,
    headers: { authorization: `Bearer ${config.projectKey}` },
  });
  return sent.body as RoomTokenResult;
}
