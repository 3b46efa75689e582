// Generated from the service's OpenAPI document (GET /v1/openapi.json, version 1)
// by packages/sdk/scripts/generate.mts. Do not edit: run `npm run sdk:generate`.
// tests/sdk-generated.test.ts fails when this file and the document disagree.

export interface AgentRecording {
  /** prefix `rec_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  state: "recording" | "started" | "completed" | "failed";
  /** A stop was asked for, or the room ended: finish the file. */
  stopped: boolean;
  /** The HLS rendition is stored (`recording.ready` was accepted). */
  ready: boolean;
  /** Where the MP4 goes (the service derives it; docs/decisions/1245). */
  object_key: string;
  content_type: string;
}

export interface AgentStream {
  /** prefix `str_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  state: "starting" | "live" | "ended" | "failed";
  /** Stopped, its room ended, or failed: stop sending and finish. */
  over: boolean;
}

/** A key as lists show it: never the secret. */
export interface ApiKey {
  /** prefix `key_` */
  id: string;
  /** prefix `prj_` */
  project_id: string;
  name: string;
  scope: "rooms:read" | "rooms:write" | "recordings:read" | "recordings:write" | "webhooks:write" | "all";
  grants: ("publish" | "subscribe" | "record")[];
  prefix: string;
  state: "active" | "revoked";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface AuditChainReport {
  intact: boolean;
  entries: number;
  head: {
    seq: number;
    hash: string;
    created_at: string;
    seal: string;
  } | null;
  anchor: {
    seq: number;
    anchored_at: string;
  } | null;
  first_break: {
    seq: number | null;
    id: string | null;
    reason: "entry_changed" | "link_broken" | "entry_missing" | "time_reversed" | "checkpoint_unsealed" | "prune_unsealed" | "anchor_mismatch" | "anchor_invalid" | "entry_unsealed";
  } | null;
  checked_at: string;
}

export interface AuditEntry {
  /** prefix `aud_` */
  id: string;
  action: "auth.signed_in" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.failing" | "webhook.disabled" | "webhook.recovered" | "plan.selected" | "auth.signed_out_everywhere" | "auth.password_changed" | "auth.password_reset" | "auth.signed_up" | "auth.org_switched" | "member.role_changed" | "member.removed" | "member.joined" | "member_invitation.created" | "member_invitation.revoked" | "member_invitation.resent" | "project.created" | "project.updated" | "project.deleted" | "room.updated" | "room.ended" | "room.participant_removed" | "recording.deleted" | "recording.start_requested" | "recording.stop_requested" | "webhook.listen_started" | "webhook.listen_ended" | "audit.pruned" | "license.issued" | "license.revoked" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.recovery_code_used" | "auth.session_ended" | "member.sessions_ended" | "org.two_factor_policy_changed" | "workspace_key.created" | "workspace_key.rotated" | "workspace_key.revoked" | "room.admission_changed" | "room.guest_admitted" | "room.guest_denied" | "auth.passkey_added" | "auth.passkey_renamed" | "auth.passkey_removed" | "org.sso_configured" | "org.sso_removed" | "room.tokens_revoked" | "room.identity_banned" | "room.identity_unbanned" | "room.participant_muted" | "room.participant_role_changed" | "api_key.room_tokens_revoked" | "stream.start_requested" | "stream.stop_requested";
  actor: {
    type: "user" | "api_key" | "system";
    id: string;
    label: string | null;
  };
  target: {
    type: string;
    id: string;
  } | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  metadata: Record<string, unknown>;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
}

export interface CreatedWebhookEndpoint {
  /** prefix `wh_` */
  id: string;
  url: string;
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
  active: boolean;
  description: string | null;
  /** null: org-wide (endpoint 9); set: registered with a project key (endpoint 15). */
  project_id: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Deliveries per second at most; null: unlimited (docs/decisions/0942). */
  rate_limit: number | null;
  health: WebhookHealth;
  /** `https`: posted to `url`; `inbox`: the built-in test inbox, received by the service itself (docs/decisions/1073). */
  kind: "https" | "inbox";
  /** When a test inbox expires; null for `https`. */
  expires_at: string | null;
  /** Shown once. */
  signing_secret: string;
}

/** The new key, with its secret shown once. */
export interface CreatedWorkspaceKey {
  /** prefix `wk_` */
  id: string;
  name: string;
  role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  project_id: string | null;
  /** The key's visible start, to recognise it. */
  prefix: string;
  state: "active" | "expired" | "revoked";
  /** The user (`usr_…`) or key (`wk_…`) that made it; null once that user is deleted. */
  created_by: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
  /** To the minute. */
  last_used_at: string | null;
  /** `svc_wk_<id>.<secret>`, sent as `Authorization: Bearer`; shown once, only its hash is stored. */
  key: string;
}

export interface Delivery {
  /** prefix `dlv_` */
  id: string;
  /** What the receiver sees as webhook-id and the body's `id`. */
  event_id: string;
  event_type: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed" | "webhook.test";
  /** prefix `wh_` */
  endpoint_id: string;
  status: "pending" | "succeeded" | "gone" | "dead" | "cancelled" | "skipped";
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  completed_at: string | null;
  /** The body as sent and signed on every attempt. */
  request_body: string;
  attempts: DeliveryAttempt[];
}

export interface DeliveryAttempt {
  attempt: number;
  /** ISO 8601 UTC, milliseconds */
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  /** The delivery's state after this attempt. */
  outcome: "succeeded" | "retry" | "gone" | "dead";
  /** The first 4 KiB of the response. */
  response_body: string | null;
  error: string | null;
  /** ISO 8601 UTC, milliseconds */
  finished_at: string;
  /** The headers as sent (signatures included). */
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
  error_class: ("timeout" | "tls" | "dns" | "refused" | "reset" | "redirect" | "ssrf_blocked" | "http" | "signing" | "other") | null;
}

export interface DownloadLink {
  download_url: string;
  filename: string;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
}

export interface GuestKnock {
  /** prefix `knk_` */
  knock_id: string;
  /** Shown once: send it as `Authorization: Bearer <knock_secret>` to GET /v1/join/{shortCode}/knocks/{knock_id}. */
  knock_secret: string;
  state: "waiting";
  /** Ask again after this many milliseconds. */
  poll_after_ms: number;
}

export interface GuestKnockStatus {
  state: "waiting" | "admitted" | "denied";
  /** While waiting: ask again after this many milliseconds; otherwise null. */
  poll_after_ms: number | null;
  /** The guest token, on the first answer after a member admitted the guest; null before and after. */
  token: GuestToken | null;
}

export interface GuestToken {
  /** ES256/EdDSA JWT */
  token: string;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** Present when the service runs a media plane (SVC_MEDIA_PLANE): how to enter the room. */
  media?: MediaCredential;
  /** The guest's participant identity (`guest_…`), made by the service. */
  identity: string;
  /** publisher in meeting and 1to1 rooms, viewer in webinar and live rooms */
  role: "publisher" | "broadcaster" | "viewer";
}

export interface Health {
  status: "ok";
}

export interface Identity {
  /** The signed-in person; null when a workspace API key calls (see `key`). */
  user_id: string | null;
  email: string;
  display_name: string;
  org: {
    /** prefix `org_` */
    id: string;
    name: string;
    role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  };
  plan_selected: boolean;
  deployment_mode: "cloud" | "self_host";
  /** The workspace API key making the request, when one is; its role is `org.role`. */
  key?: {
    /** prefix `wk_` */
    id: string;
    name: string;
    project_id: string | null;
  };
}

export interface InboxMessage {
  /** prefix `msg_` */
  id: string;
  /** ISO 8601 UTC, milliseconds */
  received_at: string;
  /** The request's headers as sent. */
  headers: Record<string, string>;
  /** The raw body, byte for byte what was signed. */
  body: string;
  /** Whether X-SVC-Webhook-Sig verified with the endpoint's secret, as a receiver checks it. */
  signature_verified: boolean;
  verify_failure: ("missing_headers" | "unknown_kid" | "invalid_timestamp" | "timestamp_out_of_tolerance" | "signature_mismatch") | null;
}

export interface InvitationResult {
  /** How many addresses were accepted. */
  queued: number;
  /** The invalid inputs, as given. */
  rejected: string[];
  /** prefix `inv_` */
  invitation_id: string;
  /** What was accepted, and when each email goes out under the hourly cap. */
  recipients: {
    email: string;
    /** ISO 8601 UTC, milliseconds */
    release_at: string;
  }[];
}

export interface IssuedSelfHostedLicense {
  /** prefix `lic_` */
  id: string;
  /** prefix `org_` */
  org_id: string;
  name: string;
  /** `revoked` wins over `expired`. */
  state: "active" | "expired" | "revoked";
  limits: LicenseLimits;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  revoked_at: string | null;
  /** The licence signing key that signed it (`/.well-known/license-keys.json`). */
  kid: string;
  /** The licence key, shown once: `svc_lic_` then a JWT signed by the issuer. The self-hosted install reads it from SVC_LICENSE_KEY or SVC_LICENSE_FILE. */
  key: string;
}

export interface JWKS {
  keys: {
    kty: string;
    kid: string;
    [key: string]: unknown;
  }[];
}

export interface KnockDecision {
  /** prefix `knk_` */
  id: string;
  display_name: string;
  state: "waiting" | "admitted" | "denied";
  /** ISO 8601 UTC, milliseconds */
  decided_at: string;
}

export interface License {
  license_id: string;
  /** Why the license check failed: `expired`, `revoked`, `over_seat_limit`, `over_participant_limit`, `issuer_unreachable`, `signature`, `malformed`, `not_yet_valid` or `unreadable` (docs/webhooks.md). */
  reason: string;
  /** When the install found the licence invalid. */
  revoked_at: string;
}

export interface LicenseKeys {
  keys: {
    kty: string;
    crv?: string;
    x?: string;
    y?: string;
    kid: string;
    alg: "EdDSA" | "ES256";
    use: "sig";
  }[];
}

export interface LicenseLimits {
  /** Members the install may hold (distinct users across its orgs). */
  seats: number;
  /** People in rooms at the same time, across the install. */
  concurrent_participants: number;
}

export interface LicenseRevocationList {
  /** A JWT (header `typ: svc-license-revocations+jwt`) signed by a key of `/.well-known/license-keys.json`; its payload is `{ iss, iat, exp, revoked: [{ license_id, revoked_at }] }`, every revoked licence not yet expired. */
  list: string;
}

export interface LicenseRevokedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "license.revoked";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: License;
  };
}

export interface LicenseStatus {
  deployment_mode: "cloud" | "self_host";
  /** `not_required` in cloud mode; `free`: no licence configured (the free tier); `valid`; `grace`: valid, but the issuer's revocation list could not be fetched lately; `invalid`: new rooms and room tokens are refused (402 `license_invalid`). */
  status: "not_required" | "free" | "valid" | "grace" | "invalid";
  reason: ("malformed" | "signature" | "expired" | "not_yet_valid" | "revoked" | "over_seat_limit" | "over_participant_limit" | "issuer_unreachable" | "unreadable") | null;
  /** The reason in a sentence. */
  detail: string | null;
  license: {
    id: string;
    name: string;
    org_name: string;
    issuer: string;
    /** ISO 8601 UTC, milliseconds */
    expires_at: string;
    limits: LicenseLimits;
  } | null;
  usage: {
    seats: number;
    concurrent_participants: number;
  } | null;
  checked_at: string | null;
  issuer_reached_at: string | null;
  /** While `grace`: when the licence turns invalid unless the issuer answers. */
  grace_ends_at: string | null;
}

export interface LivekitWebhookAccepted {
  accepted: true;
  /** The event's type, as LiveKit named it. */
  event: string;
  /** Observations and reports stored for the pipeline (0: nothing in the request concerns the service). Applied after the answer; repeats and other nodes' rooms change nothing. */
  stored: number;
  /** The stored request's id (`mi_…`, for logs and dead letters); null when nothing was stored. */
  intake_id: string | null;
}

export interface LivekitWebhookEvent {
  /** `participant_joined`, `participant_left`, `participant_connection_aborted`, `room_finished`, `egress_started`, `egress_updated`, `egress_ended` are applied; the others change nothing. */
  event: string;
  /** The event's unique id: a repeat of it changes nothing. */
  id: string;
  /** Unix seconds. */
  createdAt?: string | number;
  room?: {
    name?: string;
    [key: string]: unknown;
  };
  participant?: {
    sid?: string;
    identity?: string;
    [key: string]: unknown;
  };
  egressInfo?: {
    egressId?: string;
    roomName?: string;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface MediaCredential {
  /** The media server the client connects to: `janus` (janus.js) or `livekit` (livekit-client: `room.connect(url, token)`). */
  provider: "janus" | "livekit";
  /** Where the client connects: the public URL of the room's media node (LiveKit: LIVEKIT_URL). */
  url: string;
  /** The media server's credential for this identity in this room; expires with the room token. LiveKit: an access token (HS256) for exactly this room, with the room token's identity, name, lifetime and capabilities. */
  token: string;
  /** The room's id on the media server (Janus VideoRoom id). */
  room?: string;
  /** Janus: the `token` of the VideoRoom `join` request (`token` above is the session's, `new Janus({ token })`). Same lifetime. */
  join_token?: string;
  /** TURN relays with time-limited credentials (coturn's `use-auth-secret` scheme), present when the service is configured with one (SVC_TURN_URLS): pass as `RTCPeerConnection`'s `iceServers`. Valid until the username's expiry, never after the room token (docs/decisions/1248). */
  ice_servers?: {
    /** `turn:` / `turns:` URLs of the relay. */
    urls: string[];
    /** `<expiry as unix seconds>:<identity>` */
    username: string;
    /** base64(HMAC-SHA1(relay secret, username)) */
    credential: string;
  }[];
}

export interface MediaEventsAccepted {
  accepted: true;
  /** Events in the request. */
  received: number;
  /** Observations and reports stored for the pipeline (0: nothing in the request concerns the service). Applied after the answer; repeats and other nodes' rooms change nothing. */
  stored: number;
  /** The stored request's id (`mi_…`, for logs and dead letters); null when nothing was stored. */
  intake_id: string | null;
}

export interface Member {
  /** prefix `usr_` */
  user_id: string;
  email: string;
  display_name: string;
  role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  /** ISO 8601 UTC, milliseconds */
  joined_at: string;
}

export interface MemberInvitation {
  /** prefix `inv_` */
  id: string;
  email: string;
  role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  /** expired ones are still listed, to resend */
  status: "pending" | "expired";
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
}

export interface MintedApiKey {
  /** prefix `key_` */
  id: string;
  /** Shown once; only its SHA-256 hash is stored. */
  secret: string;
  prefix: string;
  /** `svc_pk_<keyId>.<secret>`, ready to paste; shown once. */
  project_key: string;
  name: string;
  scope: "rooms:read" | "rooms:write" | "recordings:read" | "recordings:write" | "webhooks:write" | "all";
  grants: ("publish" | "subscribe" | "record")[];
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
}

export interface MuteResult {
  identity: string;
  /** Audio is now muted (true) or not (false). */
  audio?: boolean;
  /** Video is now muted (true) or not (false). */
  video?: boolean;
  /** Published tracks the media plane changed. */
  tracks: number;
}

export interface NotServing {
  status: "starting" | "draining";
}

export interface Participant {
  /** prefix `rm_` */
  room_id: string;
  identity: string;
  /** ISO 8601 UTC, milliseconds */
  joined_at: string;
  left_at: string | null;
}

export interface ParticipantJoinedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "participant.joined";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: Participant;
  };
}

export interface ParticipantLeftEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "participant.left";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: Participant;
  };
}

export interface ParticipantUpdated {
  identity: string;
  role: string;
  connections: number;
}

export interface Passkey {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
  transports: string[];
}

export interface PasskeyList {
  items: Passkey[];
}

export interface PasskeyOptions {
  options: {
    challenge: string;
    [key: string]: unknown;
  };
}

export interface PresentParticipant {
  identity: string;
  /** The name the participant gave when joining through the room's share link; null for identities your server minted tokens for (docs/decisions/1305). */
  display_name: string | null;
  /** ISO 8601 UTC, milliseconds */
  joined_at: string;
}

/** RFC 7807 problem details (application/problem+json). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: "invalid_json" | "malformed_request" | "unauthenticated" | "invalid_credentials" | "invalid_api_key" | "second_factor_required" | "invalid_second_factor" | "second_factor_replayed" | "plan_required" | "license_invalid" | "forbidden_workspace_role" | "insufficient_scope" | "csrf_failed" | "access_denied" | "two_factor_enrolment_required" | "not_found" | "method_not_allowed" | "request_timeout" | "slug_taken" | "room_ended" | "conflict" | "already_member" | "last_owner" | "limit_reached" | "identity_banned" | "rejoin_required" | "invitation_expired" | "link_expired" | "payload_too_large" | "unsupported_media_type" | "range_not_satisfiable" | "headers_too_large" | "validation_failed" | "invalid_code" | "room_type_preview" | "idempotency_key_reused" | "rate_limited" | "sign_in_proof_required" | "internal_error" | "service_unavailable" | "room_locked" | "email_not_confirmed" | "passkey_challenge_invalid" | "passkey_origin_mismatch" | "passkey_counter_regressed" | "invalid_passkey" | "passkey_verification_failed" | "sso_required" | "domain_taken" | "sso_not_configured" | "sso_provider_unreachable" | "sso_state_mismatch" | "sso_token_invalid" | "sso_domain_mismatch" | "quota_exceeded";
  errors?: {
    path: string;
    message: string;
  }[];
}

export interface Project {
  /** prefix `prj_` */
  id: string;
  name: string;
  slug: string;
  environment: "prod" | "staging" | "dev";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
}

export interface QosAlert {
  /** prefix `rm_` */
  room_id: string;
  kind: "loss_storm" | "low_bitrate" | "high_rtt";
  value: number;
  /** The participant concerned, if one. */
  identity: string | null;
  /** ISO 8601 UTC, milliseconds */
  occurred_at: string;
}

export interface QosAlertEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "qos.alert";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: QosAlert;
  };
}

/** Median and 95th percentile of the samples. */
export interface QualityStat {
  p50: number;
  p95: number;
}

export interface QualitySummary {
  /** Quality samples the media plane sent (0: none kept). */
  samples: number;
  rtt_ms: QualityStat | null;
  loss_percent: QualityStat | null;
  /** Video bitrate: what the participant sent, or received when subscribing (kbit/s). */
  video_kbps: QualityStat | null;
}

export interface Readiness {
  status: "ready" | "unavailable";
  checks: {
    name: string;
    ok: boolean;
    ms: number;
    error?: string;
  }[];
}

/** `state` is `completed` in the recordings list; `recording.started` bodies carry `started`, `recording.failed` bodies `failed`. Starting a recording answers `recording` (asked, not yet confirmed by the media plane: docs/decisions/1080). */
export interface Recording {
  /** prefix `rec_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  state: "recording" | "started" | "completed" | "failed";
  /** ISO 8601 UTC, milliseconds */
  started_at: string;
  /** 0 until the recording completed. */
  duration_sec: number;
  /** 0 until the recording completed. */
  size_bytes: number;
}

export interface RecordingCompletedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "recording.completed";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `rec_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "completed";
      /** ISO 8601 UTC, milliseconds */
      started_at: string;
      /** 0 until the recording completed. */
      duration_sec: number;
      /** 0 until the recording completed. */
      size_bytes: number;
    };
  };
}

export interface RecordingFailedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "recording.failed";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `rec_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "failed";
      /** ISO 8601 UTC, milliseconds */
      started_at: string;
      /** 0 until the recording completed. */
      duration_sec: number;
      /** 0 until the recording completed. */
      size_bytes: number;
    };
  };
}

export interface RecordingReadyEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "recording.ready";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `rec_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "completed" | "started";
      /** ISO 8601 UTC, milliseconds */
      started_at: string;
      /** 0 until the recording completed. */
      duration_sec: number;
      /** 0 until the recording completed. */
      size_bytes: number;
    };
  };
}

export interface RecordingStartedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "recording.started";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `rec_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "started";
      /** ISO 8601 UTC, milliseconds */
      started_at: string;
      /** 0 until the recording completed. */
      duration_sec: number;
      /** 0 until the recording completed. */
      size_bytes: number;
    };
  };
}

export interface RecordingUploadLinks {
  uploads: {
    name: string;
    /** A presigned PUT for `object_key` only, of exactly `size_bytes` (Content-Length is signed). */
    upload_url: string;
    object_key: string;
    content_type: string;
    size_bytes: number;
  }[];
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
}

export interface RecordingUploadRequest {
  files: {
    name: string;
    size_bytes: number;
  }[];
}

export interface RecoveredDeliveries {
  /** Deliveries that start over. */
  queued: number;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}

export interface RemovedParticipant {
  identity: string;
  /** Connections of this identity the media node removed: 0 when it was not in the room (removing is idempotent). */
  removed: number;
  /** The ban recorded with the removal, when `ban` or `ban_seconds` asked for one (docs/moderation.md). */
  ban?: RoomBan;
}

export interface Room {
  /** prefix `rm_` */
  id: string;
  name: string;
  type: "meeting" | "1to1" | "webinar" | "live";
  state: "created" | "active" | "ended";
  /** prefix `prj_` */
  project_id: string;
  short_code: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Recording: `off`, `manual` (the default) or `auto` (from the first join); always present in answers. Extension. */
  record?: "off" | "manual" | "auto";
}

export interface RoomAdmission {
  /** The share link admits nobody new (403 `room_locked`); people in the room and tokens already issued are untouched. */
  link_locked: boolean;
  /** Share-link guests knock and wait until a member admits or denies them. */
  waiting_room: boolean;
  /** Guests knocking now (their page still asking), oldest first, at most 50. Shown whatever `waiting_room` says: turning it off lets nobody in by itself. */
  waiting: WaitingGuest[];
}

export interface RoomBan {
  /** prefix `rm_` */
  room_id: string;
  identity: string;
  /** When the ban ends; null: permanent. */
  until: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
}

export interface RoomCreatedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "room.created";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: Room;
  };
}

export interface RoomEndedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "room.ended";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: Room;
  };
}

export interface RoomListItem {
  /** prefix `rm_` */
  id: string;
  name: string;
  type: "meeting" | "1to1" | "webinar" | "live";
  state: "created" | "active" | "ended";
  /** prefix `prj_` */
  project_id: string;
  short_code: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Recording: `off`, `manual` (the default) or `auto` (from the first join); always present in answers. Extension. */
  record?: "off" | "manual" | "auto";
  /** Participants in the room now, as the media plane reports them. */
  active_participants: number;
}

export interface RoomSession {
  /** prefix `rses_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  /** prefix `prj_` */
  project_id: string;
  /** ISO 8601 UTC, milliseconds */
  started_at: string;
  /** Null while someone is in the room. */
  ended_at: string | null;
  /** Until `ended_at`, or until now while it runs. */
  duration_ms: number;
  peak_participants: number;
  /** Distinct identities that joined. */
  participant_count: number;
}

export interface RoomSessionDetail {
  /** prefix `rses_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  /** prefix `prj_` */
  project_id: string;
  /** ISO 8601 UTC, milliseconds */
  started_at: string;
  /** Null while someone is in the room. */
  ended_at: string | null;
  /** Until `ended_at`, or until now while it runs. */
  duration_ms: number;
  peak_participants: number;
  /** Distinct identities that joined. */
  participant_count: number;
  quality: QualitySummary;
  /** In order of first join; at most 1000. */
  participants: SessionParticipant[];
}

export interface RoomToken {
  /** ES256/EdDSA JWT */
  token: string;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** Present when the service runs a media plane (SVC_MEDIA_PLANE): how to enter the room. */
  media?: MediaCredential;
}

export interface RoomTokenRevocation {
  /** prefix `rvk_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  /** The identity revoked; null: every identity. */
  identity: string | null;
  /** Room tokens minted before this admit nobody. */
  issued_before: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Connections the room's media node removed now (those present on a revoked token). A node that did not answer is asked again by the service. */
  removed: number;
}

export interface RotatedApiKey {
  /** prefix `key_` */
  id: string;
  /** Shown once; only its SHA-256 hash is stored. */
  secret: string;
  prefix: string;
  /** `svc_pk_<keyId>.<secret>`, ready to paste; shown once. */
  project_key: string;
  /** ISO 8601 UTC, milliseconds */
  rotated_at: string;
}

export interface RotatedSigningSecret {
  /** prefix `wh_` */
  id: string;
  kid: string;
  /** Shown once. */
  signing_secret: string;
  previous_kid: string | null;
  previous_kid_expires_at: string | null;
}

/** The key with its new secret, shown once; the old one no longer works. */
export interface RotatedWorkspaceKey {
  /** prefix `wk_` */
  id: string;
  name: string;
  role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  project_id: string | null;
  /** The key's visible start, to recognise it. */
  prefix: string;
  state: "active" | "expired" | "revoked";
  /** The user (`usr_…`) or key (`wk_…`) that made it; null once that user is deleted. */
  created_by: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
  /** To the minute. */
  last_used_at: string | null;
  /** `svc_wk_<id>.<secret>`, sent as `Authorization: Bearer`; shown once, only its hash is stored. */
  key: string;
}

export interface SecurityPolicy {
  require_two_factor: boolean;
  members_without_two_factor: number;
}

export interface SelfHostedLicense {
  /** prefix `lic_` */
  id: string;
  /** prefix `org_` */
  org_id: string;
  name: string;
  /** `revoked` wins over `expired`. */
  state: "active" | "expired" | "revoked";
  limits: LicenseLimits;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  revoked_at: string | null;
  /** The licence signing key that signed it (`/.well-known/license-keys.json`). */
  kid: string;
}

export interface Session {
  /** prefix `ses_` */
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  org: {
    /** prefix `org_` */
    id: string;
    name: string;
  };
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  current: boolean;
}

export interface SessionParticipant {
  identity: string;
  display_name: string | null;
  /** What its credential let it do; null when it joined without a token of ours. */
  role: ("publisher" | "viewer") | null;
  /** Its first join in this session. */
  joined_at: string;
  /** Its last leave; null while present. */
  left_at: string | null;
  /** Time present: the sum of its spans. */
  duration_ms: number;
  /** From minting the room token it joined with to its first join; null if unknown. */
  token_to_join_ms: number | null;
  /** Each join–leave span (a reconnect is a new span). */
  spans: {
    /** ISO 8601 UTC, milliseconds */
    joined_at: string;
    left_at: string | null;
  }[];
  quality: QualitySummary;
}

export interface SsoSettings {
  issuer: string;
  client_id: string;
  client_secret_set: boolean;
  domains: string[];
  default_role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  require_sso: boolean;
  redirect_uri: string;
  updated_at: string;
}

export interface SsoStart {
  authorization_url: string;
}

export interface StartStreamRequest {
  outputs: ({
    kind: "hls";
  } | {
    kind: "rtmp";
    url: string;
    stream_key: string;
  })[];
}

/** `starting` until the media plane confirms (`stream.started`), `live`, then `ended` (stopped, or its room ended) or `failed` (every output failed). An output that fails is reported by `stream.failed` while the others go on. */
export interface Stream {
  /** prefix `str_` */
  id: string;
  /** prefix `rm_` */
  room_id: string;
  state: "starting" | "live" | "ended" | "failed";
  outputs: StreamOutput[];
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** When the media plane confirmed it (`stream.started`). */
  started_at: string | null;
  ended_at: string | null;
  failure_reason: string | null;
}

export interface StreamEndedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "stream.ended";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `str_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "ended";
      outputs: StreamOutput[];
      /** ISO 8601 UTC, milliseconds */
      created_at: string;
      /** When the media plane confirmed it (`stream.started`). */
      started_at: string | null;
      ended_at: string | null;
      failure_reason: string | null;
    };
  };
}

export interface StreamFailedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "stream.failed";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `str_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "live" | "starting" | "failed";
      outputs: StreamOutput[];
      /** ISO 8601 UTC, milliseconds */
      created_at: string;
      /** When the media plane confirmed it (`stream.started`). */
      started_at: string | null;
      ended_at: string | null;
      failure_reason: string | null;
    };
  };
}

export interface StreamOutput {
  kind: "hls" | "rtmp";
  state: "pending" | "live" | "ended" | "failed";
  /** Why the output failed; null otherwise. */
  failure_reason: string | null;
  /** `rtmp`: the destination (its stream key is never returned); `hls`: null. */
  url: string | null;
  /** `hls`: the live playlist (its segments as short-lived storage links); null for `rtmp` and once the HLS output failed. */
  playlist_url: string | null;
}

export interface StreamStartedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "stream.started";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** The room the event is about: the scope of `sequence`. */
  room_id: string;
  /** The event's number among its room's events: 1 for the room's first (`room.created`), then one more per event, without gaps. Deliveries can arrive out of order (retries, parallel endpoints): order a room's events by it. Test events carry 0. */
  sequence: number;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: {
      /** prefix `str_` */
      id: string;
      /** prefix `rm_` */
      room_id: string;
      state: "live";
      outputs: StreamOutput[];
      /** ISO 8601 UTC, milliseconds */
      created_at: string;
      /** When the media plane confirmed it (`stream.started`). */
      started_at: string | null;
      ended_at: string | null;
      failure_reason: string | null;
    };
  };
}

export interface StreamUploadLinks {
  uploads: {
    name: string;
    upload_url: string;
    content_type: string;
  }[];
}

export interface StreamUploadRequest {
  files: {
    name: string;
    size_bytes: number;
  }[];
}

export interface StreamerReport {
  type: "stream.started" | "stream.ended" | "stream.failed";
  stream_id: string;
  output?: number;
  reason?: string;
}

export interface TimelineEntry {
  /** Stable id of the entry (`ract_…`, or the room id for `room.created`). */
  id: string;
  type: "room.created" | "participant.joined" | "participant.left" | "participant.removed" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "qos.alert" | "room.ended";
  /** ISO 8601 UTC, milliseconds */
  occurred_at: string;
  /** The participant concerned, if one. */
  identity: string | null;
  /** That participant's name from the share link, when they joined through it. */
  display_name: string | null;
  recording_id: string | null;
  qos: {
    kind: "loss_storm" | "low_bitrate" | "high_rtt";
    value: number;
  } | null;
}

export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
}

export interface Usage {
  from: string;
  to: string;
  granularity: "day" | "month";
  project_id: string | null;
  totals: {
    participant_minutes: number;
    publisher_minutes: number;
    viewer_minutes: number;
    recording_minutes: number;
    recording_bytes: number;
    rooms_created: number;
    room_tokens: number;
    webhook_attempts: number;
    webhook_successes: number;
    emails_sent: number;
  };
  series: {
    participant_minutes: UsagePoint[];
    publisher_minutes: UsagePoint[];
    viewer_minutes: UsagePoint[];
    recording_minutes: UsagePoint[];
    recording_bytes: UsagePoint[];
    rooms_created: UsagePoint[];
    room_tokens: UsagePoint[];
    webhook_attempts: UsagePoint[];
    webhook_successes: UsagePoint[];
    emails_sent: UsagePoint[];
  };
  /** Cloud mode: the org's plan's included quotas this month and the use against them (docs/decisions/1312); empty otherwise. */
  quotas: UsageQuota[];
}

export interface UsagePoint {
  /** The UTC day (YYYY-MM-DD) or month (YYYY-MM). */
  period: string;
  value: number;
}

export interface UsageQuota {
  metric: "participant_minutes" | "recording_minutes";
  /** The calendar month (UTC) the quota is counted in, YYYY-MM. */
  month: string;
  included: number;
  used: number;
  /** used / included × 100, one decimal. */
  percent: number;
}

export interface UsageThreshold {
  metric: "participant_minutes" | "recording_minutes";
  /** The share of the included quota crossed, in percent: 80 or 100. */
  threshold: 80 | 100;
  /** The calendar month (UTC) counted, YYYY-MM. */
  month: string;
  /** What the org's plan includes per month. */
  included: number;
  /** The month's use when the crossing was noticed. */
  used: number;
  /** The org's plan. */
  plan: string;
  /** When the rollup noticed the crossing. */
  crossed_at: string;
}

export interface UsageThresholdEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "usage.threshold";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: UsageThreshold;
  };
}

export interface WaitingGuest {
  /** prefix `knk_` */
  id: string;
  /** The name the guest typed on the join page. */
  display_name: string;
  /** ISO 8601 UTC, milliseconds */
  knocked_at: string;
}

export interface WebhookEndpoint {
  /** prefix `wh_` */
  id: string;
  url: string;
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
  active: boolean;
  description: string | null;
  /** null: org-wide (endpoint 9); set: registered with a project key (endpoint 15). */
  project_id: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Deliveries per second at most; null: unlimited (docs/decisions/0942). */
  rate_limit: number | null;
  health: WebhookHealth;
  /** `https`: posted to `url`; `inbox`: the built-in test inbox, received by the service itself (docs/decisions/1073). */
  kind: "https" | "inbox";
  /** When a test inbox expires; null for `https`. */
  expires_at: string | null;
}

export interface WebhookEndpointDetail {
  /** prefix `wh_` */
  id: string;
  url: string;
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
  active: boolean;
  description: string | null;
  /** null: org-wide (endpoint 9); set: registered with a project key (endpoint 15). */
  project_id: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** Deliveries per second at most; null: unlimited (docs/decisions/0942). */
  rate_limit: number | null;
  health: WebhookHealth;
  /** `https`: posted to `url`; `inbox`: the built-in test inbox, received by the service itself (docs/decisions/1073). */
  kind: "https" | "inbox";
  /** When a test inbox expires; null for `https`. */
  expires_at: string | null;
  signing_keys: {
    kid: string;
    /** ISO 8601 UTC, milliseconds */
    created_at: string;
    expires_at: string | null;
  }[];
}

/** healthy, failing (since when, last error) or disabled (why). */
export interface WebhookHealth {
  status: "healthy" | "failing" | "disabled";
  /** The first failed attempt since the last success; null when healthy. */
  failing_since: string | null;
  last_success_at: string | null;
  last_error: string | null;
  disabled_at: string | null;
  /** Why it is disabled: health's automatic reason, or "disabled by a member". */
  disabled_reason: string | null;
}

export interface WebhookTestEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "webhook.test";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: WebhookEndpoint;
  };
}

/** A workspace API key as lists show it: never the secret. */
export interface WorkspaceKey {
  /** prefix `wk_` */
  id: string;
  name: string;
  role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
  project_id: string | null;
  /** The key's visible start, to recognise it. */
  prefix: string;
  state: "active" | "expired" | "revoked";
  /** The user (`usr_…`) or key (`wk_…`) that made it; null once that user is deleted. */
  created_by: string | null;
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  expires_at: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
  /** To the minute. */
  last_used_at: string | null;
}

/** The problem codes this version of the API documents (the `code` of an error answer). */
export const KNOWN_ERROR_CODES = ["invalid_json","malformed_request","unauthenticated","invalid_credentials","invalid_api_key","second_factor_required","invalid_second_factor","second_factor_replayed","plan_required","license_invalid","forbidden_workspace_role","insufficient_scope","csrf_failed","access_denied","two_factor_enrolment_required","not_found","method_not_allowed","request_timeout","slug_taken","room_ended","conflict","already_member","last_owner","limit_reached","identity_banned","rejoin_required","invitation_expired","link_expired","payload_too_large","unsupported_media_type","range_not_satisfiable","headers_too_large","validation_failed","invalid_code","room_type_preview","idempotency_key_reused","rate_limited","sign_in_proof_required","internal_error","service_unavailable","room_locked","email_not_confirmed","passkey_challenge_invalid","passkey_origin_mismatch","passkey_counter_regressed","invalid_passkey","passkey_verification_failed","sso_required","domain_taken","sso_not_configured","sso_provider_unreachable","sso_state_mismatch","sso_token_invalid","sso_domain_mismatch","quota_exceeded"] as const;

/** Every operation of the API by its operationId: what it takes and what it answers. */
export interface Operations {
  /** POST /v1/auth/invitations/accept: Accept an invitation to an org (extension) */
  acceptMemberInvitation: {
    params: never;
    query: never;
    body: {
      token: string;
      display_name?: string;
      password: string;
      otp?: string;
      recovery_code?: string;
    };
    response: Identity;
  };
  /** POST /v1/workspace/rooms/{roomId}/knocks/{knockId}/admit: Let a waiting guest in (extension) */
  admitGuest: {
    params: { roomId: string; knockId: string };
    query: never;
    body: undefined;
    response: KnockDecision;
  };
  /** PATCH /v1/workspace/members/{userId}: Change a member's role (extension) */
  changeMemberRole: {
    params: { userId: string };
    query: never;
    body: {
      role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
    };
    response: Member;
  };
  /** POST /v1/auth/password: Change password (extension) */
  changePassword: {
    params: never;
    query: never;
    body: {
      current_password: string;
      new_password: string;
    };
    response: undefined;
  };
  /** POST /v1/auth/password-reset/confirm: Set a new password from a reset link (extension) */
  confirmPasswordReset: {
    params: never;
    query: never;
    body: {
      token: string;
      password: string;
    };
    response: undefined;
  };
  /** POST /v1/workspace/me/totp/confirm: Turn two-factor on (extension) */
  confirmTotp: {
    params: never;
    query: never;
    body: {
      code: string;
    };
    response: RecoveryCodes;
  };
  /** POST /v1/workspace/projects: Create a project */
  createProject: {
    params: never;
    query: never;
    body: {
      name: string;
      slug?: string;
      environment?: "prod" | "staging" | "dev";
    };
    response: Project;
  };
  /** POST /v1/workspace/recordings/{id}/download: Download link for a recording */
  createRecordingDownloadLink: {
    params: { id: string };
    query: never;
    body: undefined;
    response: DownloadLink;
  };
  /** POST /v1/workspace/rooms: Create a room */
  createRoom: {
    params: never;
    query: never;
    body: {
      project_id: string;
      name?: string;
      type?: "meeting" | "1to1" | "webinar" | "live" | "broadcast" | "one-to-one" | "p2p";
      /** Recording: `off` (never), `manual` (started and stopped through the API or the console; the default), `auto` (starts when the first participant joins). */
      record?: "off" | "manual" | "auto";
    };
    response: Room;
  };
  /** POST /v1/workspace/webhooks: Register a webhook endpoint (org-wide, or of one project) */
  createWebhook: {
    params: never;
    query: never;
    body: {
      url: string;
      events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
      description?: string | null;
      rate_limit?: number | null;
      /** Extension: the project whose events it receives (any catalog event); absent: org-wide. */
      project_id?: string | null;
    };
    response: CreatedWebhookEndpoint;
  };
  /** POST /v1/workspace/webhooks/inbox: Create a test inbox (extension) */
  createWebhookInbox: {
    params: never;
    query: never;
    body: {
      /** The project whose events the inbox receives; absent: every project's. */
      project_id?: string | null;
    };
    response: CreatedWebhookEndpoint;
  };
  /** POST /v1/workspace/keys: Create a workspace API key (extension) */
  createWorkspaceKey: {
    params: never;
    query: never;
    body: {
      name: string;
      /** What the key may do, as the role matrix grants it; never a permission its creator lacks. */
      role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
      /** Scopes the key to one project; absent or null: the whole organisation. */
      project_id?: string | null;
      /** When the key stops working (in the future, at most 2 years ahead); absent: never. */
      expires_at?: string | null;
    };
    response: CreatedWorkspaceKey;
  };
  /** DELETE /v1/workspace/projects/{projectId}: Delete a project (extension) */
  deleteProject: {
    params: { projectId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/recordings/{id}: Delete a recording (extension) */
  deleteRecording: {
    params: { id: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/security/sso: Remove single sign-on (extension) */
  deleteSsoSettings: {
    params: never;
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/webhooks/{id}: Delete a webhook endpoint (extension) */
  deleteWebhook: {
    params: { id: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/workspace/rooms/{roomId}/knocks/{knockId}/deny: Turn a waiting guest away (extension) */
  denyGuest: {
    params: { roomId: string; knockId: string };
    query: never;
    body: undefined;
    response: KnockDecision;
  };
  /** DELETE /v1/workspace/me/totp: Turn two-factor off (extension) */
  disableTotp: {
    params: never;
    query: never;
    body: {
      code: string;
    };
    response: undefined;
  };
  /** DELETE /v1/workspace/members/{userId}/sessions: End a member's sessions (extension) */
  endMemberSessions: {
    params: { userId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/me/sessions/{sessionId}: End one of the caller's sessions (extension) */
  endMySession: {
    params: { sessionId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/workspace/rooms/{roomId}/end: End a room (extension) */
  endRoom: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: Room;
  };
  /** GET /v1/internal/recorder/recordings/{recordingId}: A recording as its recording agent needs it (internal) */
  getAgentRecording: {
    params: { recordingId: string };
    query: never;
    body: undefined;
    response: AgentRecording;
  };
  /** GET /v1/internal/streamer/streams/{streamId}: A stream as its streamer agent sees it (internal) */
  getAgentStream: {
    params: { streamId: string };
    query: never;
    body: undefined;
    response: AgentStream;
  };
  /** GET /v1/join/{shortCode}/stream.m3u8: What a share link's audience watches (extension) */
  getAudiencePlaylist: {
    params: { shortCode: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** GET /v1/join/{shortCode}/knocks/{knockId}: Ask whether a knock was admitted (extension) */
  getGuestKnock: {
    params: { shortCode: string; knockId: string };
    query: never;
    body: undefined;
    response: GuestKnockStatus;
  };
  /** GET /v1/workspace/me: Who am I */
  getIdentity: {
    params: never;
    query: never;
    body: undefined;
    response: Identity;
  };
  /** GET /.well-known/jwks.json: Room-token public keys (JWKS) */
  getJwks: {
    params: never;
    query: never;
    body: undefined;
    response: JWKS;
  };
  /** GET /v1/workspace/licenses/{id}: Get a self-hosted licence (extension) */
  getLicense: {
    params: { id: string };
    query: never;
    body: undefined;
    response: SelfHostedLicense;
  };
  /** GET /.well-known/license-keys.json: Licence public keys (JWKS) */
  getLicenseKeys: {
    params: never;
    query: never;
    body: undefined;
    response: LicenseKeys;
  };
  /** GET /.well-known/license-revocations.json: Signed licence revocation list */
  getLicenseRevocations: {
    params: never;
    query: never;
    body: undefined;
    response: LicenseRevocationList;
  };
  /** GET /v1/workspace/license: This installation's licence status (extension) */
  getLicenseStatus: {
    params: never;
    query: never;
    body: undefined;
    response: LicenseStatus;
  };
  /** GET /v1/openapi.json: This OpenAPI document */
  getOpenApiDocument: {
    params: never;
    query: never;
    body: undefined;
    response: {
      openapi: "3.1.0";
      [key: string]: unknown;
    };
  };
  /** GET /v1/workspace/projects/{projectId}: Get a project (extension) */
  getProject: {
    params: { projectId: string };
    query: never;
    body: undefined;
    response: Project;
  };
  /** GET /v1/workspace/recordings/{id}: Get a recording (extension) */
  getRecording: {
    params: { id: string };
    query: never;
    body: undefined;
    response: Recording;
  };
  /** GET /v1/workspace/recordings/{id}/playlist.m3u8: A recording's HLS playlist (extension) */
  getRecordingPlaylist: {
    params: { id: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** GET /v1/workspace/rooms/{roomId}: Get a room (extension) */
  getRoom: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: Room;
  };
  /** GET /v1/workspace/rooms/{roomId}/admission: Who the share link lets in (extension) */
  getRoomAdmission: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: RoomAdmission;
  };
  /** GET /v1/workspace/sessions/{sessionId}: One room session (extension) */
  getRoomSession: {
    params: { sessionId: string };
    query: never;
    body: undefined;
    response: RoomSessionDetail;
  };
  /** GET /v1/workspace/security: The org's sign-in policy (extension) */
  getSecurityPolicy: {
    params: never;
    query: never;
    body: undefined;
    response: SecurityPolicy;
  };
  /** GET /v1/workspace/security/sso: The org's single sign-on (extension) */
  getSsoSettings: {
    params: never;
    query: never;
    body: undefined;
    response: SsoSettings;
  };
  /** GET /v1/workspace/rooms/{roomId}/streams/{streamId}: Get a live stream (extension) */
  getStream: {
    params: { roomId: string; streamId: string };
    query: never;
    body: undefined;
    response: Stream;
  };
  /** GET /v1/workspace/rooms/{roomId}/streams/{streamId}/playlist.m3u8: A live stream's HLS playlist (extension) */
  getStreamPlaylist: {
    params: { roomId: string; streamId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** GET /v1/workspace/usage: What the org used (extension) */
  getUsage: {
    params: never;
    query: {
      /** First UTC day of the range, YYYY-MM-DD (included). */
      from?: string;
      /** Last UTC day of the range, YYYY-MM-DD (included). */
      to?: string;
      /** Only this project's use (a project of another org is 404). Emails are org-wide. */
      project_id?: string;
      /** One series point per UTC day (default) or per calendar month. */
      granularity?: "day" | "month";
    };
    body: undefined;
    response: Usage;
  };
  /** GET /v1/workspace/webhooks/{id}: One webhook endpoint (extension) */
  getWebhook: {
    params: { id: string };
    query: never;
    body: undefined;
    response: WebhookEndpointDetail;
  };
  /** POST /v1/internal/recorder/reports: A recording agent's report (internal) */
  ingestAgentReport: {
    params: never;
    query: never;
    body: {
      id: string;
      type: "recording.started" | "recording.completed" | "recording.failed" | "recording.ready";
      recording_id: string;
      occurred_at?: string;
      duration_sec?: number;
      size_bytes?: number;
      reason?: string;
    };
    response: {
      accepted: true;
    };
  };
  /** POST /v1/internal/media/janus: Janus event handler (internal) */
  ingestJanusEvents: {
    params: never;
    query: never;
    body: {
      type: number;
      subtype?: number;
      timestamp: number;
      emitter?: string;
      session_id?: number;
      handle_id?: number;
      event: Record<string, unknown>;
      [key: string]: unknown;
    } | {
      type: number;
      subtype?: number;
      timestamp: number;
      emitter?: string;
      session_id?: number;
      handle_id?: number;
      event: Record<string, unknown>;
      [key: string]: unknown;
    }[];
    response: MediaEventsAccepted;
  };
  /** POST /v1/internal/media/livekit: LiveKit webhooks (internal) */
  ingestLivekitWebhook: {
    params: never;
    query: never;
    body: LivekitWebhookEvent;
    response: LivekitWebhookAccepted;
  };
  /** POST /v1/internal/media-events: Media-plane lifecycle report (internal) */
  ingestMediaReport: {
    params: never;
    query: never;
    body: {
      id: string;
      type: "participant.joined" | "participant.left" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "qos.alert";
      room_id: string;
      occurred_at?: string;
      participant?: {
        identity: string;
      };
      recording?: {
        id?: string;
        object_key?: string;
        started_at?: string;
        duration_sec?: number;
        /** Why a recording failed (recording.failed). Extension. */
        reason?: string;
        size_bytes?: number;
      };
      qos?: {
        kind: "loss_storm" | "low_bitrate" | "high_rtt";
        value: number;
      };
    };
    response: {
      accepted: true;
    };
  };
  /** POST /v1/internal/streamer/reports: A streamer agent's report (internal) */
  ingestStreamerReport: {
    params: never;
    query: never;
    body: StreamerReport;
    response: {
      accepted: true;
    };
  };
  /** POST /v1/workspace/members/invitations: Invite someone to the org (extension) */
  inviteMember: {
    params: never;
    query: never;
    body: {
      email: string;
      role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
    };
    response: MemberInvitation;
  };
  /** POST /v1/workspace/licenses: Issue a self-hosted licence (extension) */
  issueLicense: {
    params: never;
    query: never;
    body: {
      /** What the licence is for, e.g. the install's site; default `Self-hosted licence`. */
      name?: string;
      /** At least an hour and at most 1098 days from now. */
      expires_at: string;
      limits: LicenseLimits;
    };
    response: IssuedSelfHostedLicense;
  };
  /** POST /v1/internal/recorder/recordings/{recordingId}/upload: Upload links for a recording's files (internal) */
  issueRecordingUpload: {
    params: { recordingId: string };
    query: never;
    body: RecordingUploadRequest;
    response: RecordingUploadLinks;
  };
  /** POST /v1/internal/streamer/streams/{streamId}/upload: Upload links for a stream's HLS files (internal) */
  issueStreamUpload: {
    params: { streamId: string };
    query: never;
    body: StreamUploadRequest;
    response: StreamUploadLinks;
  };
  /** DELETE /v1/workspace/rooms/{roomId}/bans/{identity}: Lift a ban (extension) */
  liftRoomBan: {
    params: { roomId: string; identity: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** GET /v1/workspace/projects/{projectId}/api-keys: List a project's API keys (extension) */
  listApiKeys: {
    params: { projectId: string };
    query: {
      /** Search: keys whose name or prefix contains it, any case. */
      q?: string;
    };
    body: undefined;
    response: {
      items: ApiKey[];
    };
  };
  /** GET /v1/workspace/audit-log: Audit log (extension) */
  listAuditLog: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
      action?: "auth.signed_in" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.failing" | "webhook.disabled" | "webhook.recovered" | "plan.selected" | "auth.signed_out_everywhere" | "auth.password_changed" | "auth.password_reset" | "auth.signed_up" | "auth.org_switched" | "member.role_changed" | "member.removed" | "member.joined" | "member_invitation.created" | "member_invitation.revoked" | "member_invitation.resent" | "project.created" | "project.updated" | "project.deleted" | "room.updated" | "room.ended" | "room.participant_removed" | "recording.deleted" | "recording.start_requested" | "recording.stop_requested" | "webhook.listen_started" | "webhook.listen_ended" | "audit.pruned" | "license.issued" | "license.revoked" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.recovery_code_used" | "auth.session_ended" | "member.sessions_ended" | "org.two_factor_policy_changed" | "workspace_key.created" | "workspace_key.rotated" | "workspace_key.revoked" | "room.admission_changed" | "room.guest_admitted" | "room.guest_denied" | "auth.passkey_added" | "auth.passkey_renamed" | "auth.passkey_removed" | "org.sso_configured" | "org.sso_removed" | "room.tokens_revoked" | "room.identity_banned" | "room.identity_unbanned" | "room.participant_muted" | "room.participant_role_changed" | "api_key.room_tokens_revoked" | "stream.start_requested" | "stream.stop_requested";
      /** Entries at or after this instant. */
      since?: string;
      /** Entries before this instant (exclusive). */
      until?: string;
      /** `user`, `api_key`, or `system` (the service itself, e.g. endpoint health). */
      actor_type?: "user" | "api_key" | "system";
      /** One actor: a member's `usr_` id, an API key's `key_` id, or a system actor's id. */
      actor_id?: string;
    };
    body: undefined;
    response: {
      items: AuditEntry[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/webhooks/{id}/deliveries: Delivery log of an endpoint (extension) */
  listDeliveries: {
    params: { id: string };
    query: {
      limit?: number;
      cursor?: string;
      status?: "pending" | "succeeded" | "gone" | "dead" | "cancelled" | "skipped";
      event_type?: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed" | "webhook.test";
      since?: string;
      until?: string;
    };
    body: undefined;
    response: {
      items: Delivery[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/webhooks/listen: Stream the org's events to this session (extension; `svc listen`) */
  listenWebhookEvents: {
    params: never;
    query: {
      events?: string;
    };
    body: undefined;
    response: undefined;
  };
  /** GET /v1/workspace/licenses: List self-hosted licences (extension) */
  listLicenses: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: SelfHostedLicense[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/members/invitations: Open invitations to the org (extension) */
  listMemberInvitations: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: MemberInvitation[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/members: List members (extension) */
  listMembers: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: Member[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/me/orgs: The caller's organisations (extension) */
  listMyOrgs: {
    params: never;
    query: never;
    body: undefined;
    response: {
      items: {
        /** prefix `org_` */
        id: string;
        name: string;
        role: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
        current: boolean;
      }[];
    };
  };
  /** GET /v1/workspace/me/passkeys: List the caller's passkeys (extension) */
  listMyPasskeys: {
    params: never;
    query: never;
    body: undefined;
    response: PasskeyList;
  };
  /** GET /v1/workspace/me/sessions: The caller's sessions (extension) */
  listMySessions: {
    params: never;
    query: never;
    body: undefined;
    response: {
      items: Session[];
    };
  };
  /** GET /v1/workspace/projects: List projects */
  listProjects: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
      environment?: "prod" | "staging" | "dev";
      /** Search: projects whose name or slug contains it, any case (issue 49). */
      q?: string;
    };
    body: undefined;
    response: {
      items: Project[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/recordings: List recordings */
  listRecordings: {
    params: never;
    query: {
      project_id?: string;
      room_id?: string;
      /** Only recordings that started before this instant (exclusive). For the next page pass the `started_at` of the page's last item. */
      until?: string;
      /** Only recordings that started at or after this instant. */
      since?: string;
    };
    body: undefined;
    response: {
      items: Recording[];
    };
  };
  /** GET /v1/workspace/rooms/{roomId}/bans: List a room's bans (extension) */
  listRoomBans: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: {
      items: RoomBan[];
    };
  };
  /** GET /v1/workspace/rooms/{roomId}/participants: Who is in a room now (extension) */
  listRoomParticipants: {
    params: { roomId: string };
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: PresentParticipant[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/rooms: List rooms */
  listRooms: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
      project_id?: string;
      state?: "created" | "active" | "ended";
      /** Search: rooms whose name starts with it (any case), or whose share code or id it is (docs/decisions/1072). */
      q?: string;
    };
    body: undefined;
    response: {
      items: RoomListItem[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/rooms/{roomId}/sessions: A room's sessions (extension) */
  listRoomSessions: {
    params: { roomId: string };
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: RoomSession[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/rooms/{roomId}/timeline: A room's timeline (extension) */
  listRoomTimeline: {
    params: { roomId: string };
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: TimelineEntry[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/rooms/{roomId}/streams: List a room's live streams (extension) */
  listStreams: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: {
      items: Stream[];
    };
  };
  /** GET /v1/workspace/webhooks/{id}/inbox: What a test inbox received (extension) */
  listWebhookInbox: {
    params: { id: string };
    query: {
      limit?: number;
      cursor?: string;
    };
    body: undefined;
    response: {
      items: InboxMessage[];
      /** Pass as `?cursor=` for the next page; null on the last page. */
      next_cursor: string | null;
    };
  };
  /** GET /v1/workspace/webhooks: List webhook endpoints */
  listWebhooks: {
    params: never;
    query: never;
    body: undefined;
    response: {
      items: WebhookEndpoint[];
    };
  };
  /** GET /v1/workspace/keys: List workspace API keys (extension) */
  listWorkspaceKeys: {
    params: never;
    query: never;
    body: undefined;
    response: {
      items: WorkspaceKey[];
    };
  };
  /** GET /healthz: Liveness probe */
  liveness: {
    params: never;
    query: never;
    body: undefined;
    response: Health;
  };
  /** POST /v1/workspace/projects/{projectId}/api-keys: Mint an API key */
  mintApiKey: {
    params: { projectId: string };
    query: never;
    body: {
      name: string;
      scope?: "rooms:read" | "rooms:write" | "recordings:read" | "recordings:write" | "webhooks:write" | "all";
      grants?: ("publish" | "subscribe" | "record")[];
    };
    response: MintedApiKey;
  };
  /** POST /v1/join/{shortCode}/token: Join a room through its share link (extension) */
  mintGuestToken: {
    params: { shortCode: string };
    query: never;
    body: {
      displayName: string;
    };
    response: GuestToken;
  };
  /** POST /v1/auth/tokens/room: Mint a room token */
  mintRoomToken: {
    params: never;
    query: never;
    body: {
      roomId: string;
      identity: string;
      role: "publisher" | "broadcaster" | "viewer";
      roomType?: "meeting" | "1to1" | "webinar" | "live" | "broadcast" | "one-to-one" | "p2p" | "classroom";
      userId?: string;
      displayName?: string;
      caps?: ("publish:camera" | "publish:mic" | "publish:screen" | "publish:data" | "subscribe:all")[];
      ttlSeconds?: number;
      /** Remove the holder from the room when the token expires (docs/decisions/1323), on every media plane; without it a participant already in the room stays past expiry. The token then carries the claim `eject_at_expiry: true`. */
      ejectAtExpiry?: boolean;
    };
    response: RoomToken;
  };
  /** POST /v1/workspace/rooms/{roomId}/participants/{identity}/mute: Mute or unmute a participant (extension) */
  muteRoomParticipant: {
    params: { roomId: string; identity: string };
    query: never;
    body: {
      audio?: boolean;
      video?: boolean;
    };
    response: MuteResult;
  };
  /** POST /v1/workspace/me/passkeys/options: Start registering a passkey (extension) */
  passkeyRegistrationOptions: {
    params: never;
    query: never;
    body: undefined;
    response: PasskeyOptions;
  };
  /** POST /v1/auth/passkey/options: Start signing in with a passkey (extension) */
  passkeySignInOptions: {
    params: never;
    query: never;
    body: undefined;
    response: PasskeyOptions;
  };
  /** PUT /v1/workspace/security/sso: Configure single sign-on over OpenID Connect (extension) */
  putSsoSettings: {
    params: never;
    query: never;
    body: {
      issuer: string;
      client_id: string;
      client_secret?: string;
      domains: string[];
      default_role?: "Owner" | "Admin" | "Developer" | "Member" | "Billing" | "Viewer";
      require_sso?: boolean;
    };
    response: SsoSettings;
  };
  /** GET /readyz: Readiness probe */
  readiness: {
    params: never;
    query: never;
    body: undefined;
    response: Readiness;
  };
  /** POST /v1/workspace/webhooks/{id}/recover: Re-send failed deliveries of a time window (extension) */
  recoverDeliveries: {
    params: { id: string };
    query: never;
    body: {
      since: string;
      until?: string;
    };
    response: RecoveredDeliveries;
  };
  /** POST /v1/workspace/webhooks/{id}/deliveries/{deliveryId}/redeliver: Redeliver (extension) */
  redeliver: {
    params: { id: string; deliveryId: string };
    query: never;
    body: undefined;
    response: Delivery;
  };
  /** POST /v1/workspace/me/passkeys: Register a passkey (extension) */
  registerPasskey: {
    params: never;
    query: never;
    body: {
      name?: string;
      response: {
        id: string;
        rawId: string;
        type: "public-key";
        response: {
          clientDataJSON: string;
          attestationObject: string;
          transports?: string[];
          [key: string]: unknown;
        };
        clientExtensionResults?: Record<string, unknown>;
        authenticatorAttachment?: string;
        [key: string]: unknown;
      };
    };
    response: Passkey;
  };
  /** POST /v1/webhooks/endpoints: Register a project webhook endpoint (project key) */
  registerProjectWebhook: {
    params: never;
    query: never;
    body: {
      url: string;
      events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
      description?: string | null;
      rate_limit?: number | null;
    };
    response: CreatedWebhookEndpoint;
  };
  /** DELETE /v1/workspace/members/{userId}: Remove a member (extension) */
  removeMember: {
    params: { userId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/me/passkeys/{passkeyId}: Remove one of the caller's passkeys (extension) */
  removePasskey: {
    params: { passkeyId: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/rooms/{roomId}/participants/{identity}: Remove a participant from a room, optionally banning it (extension) */
  removeRoomParticipant: {
    params: { roomId: string; identity: string };
    query: {
      /** Also ban the identity from the room (permanent unless `ban_seconds`). */
      ban?: "true" | "false";
      /** A time-limited ban, in seconds (implies `ban=true`). */
      ban_seconds?: number;
    };
    body: undefined;
    response: RemovedParticipant;
  };
  /** PATCH /v1/workspace/me/passkeys/{passkeyId}: Rename one of the caller's passkeys (extension) */
  renamePasskey: {
    params: { passkeyId: string };
    query: never;
    body: {
      name: string;
    };
    response: Passkey;
  };
  /** POST /v1/auth/password-reset: Request a password reset (extension) */
  requestPasswordReset: {
    params: never;
    query: never;
    body: {
      email: string;
    };
    response: {
      status: "reset_sent";
    };
  };
  /** POST /v1/workspace/members/invitations/{id}/resend: Resend an invitation (extension) */
  resendMemberInvitation: {
    params: { id: string };
    query: never;
    body: undefined;
    response: MemberInvitation;
  };
  /** DELETE /v1/workspace/projects/{projectId}/api-keys/{id}: Revoke an API key */
  revokeApiKey: {
    params: { projectId: string; id: string };
    query: {
      /** Also revoke every room token this key minted (default false). */
      revoke_room_tokens?: "true" | "false";
    };
    body: undefined;
    response: undefined;
  };
  /** POST /v1/workspace/licenses/{id}/revoke: Revoke a self-hosted licence (extension) */
  revokeLicense: {
    params: { id: string };
    query: never;
    body: undefined;
    response: SelfHostedLicense;
  };
  /** DELETE /v1/workspace/members/invitations/{id}: Revoke an invitation (extension) */
  revokeMemberInvitation: {
    params: { id: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/workspace/rooms/{roomId}/revocations: Revoke room tokens (extension) */
  revokeRoomTokens: {
    params: { roomId: string };
    query: never;
    body: {
      /** Revoke this identity's room tokens for the room. Without it: everyone's. */
      identity?: string;
      /** Revoke the tokens minted before this time (not in the future). Default: now, so every token minted so far. */
      issued_before?: string;
    };
    response: RoomTokenRevocation;
  };
  /** DELETE /v1/workspace/keys/{id}: Revoke a workspace API key (extension) */
  revokeWorkspaceKey: {
    params: { id: string };
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/workspace/projects/{projectId}/api-keys/{id}/rotate: Rotate an API key */
  rotateApiKey: {
    params: { projectId: string; id: string };
    query: never;
    body: undefined;
    response: RotatedApiKey;
  };
  /** POST /v1/workspace/webhooks/{id}/rotate-secret: Rotate a webhook signing secret (extension) */
  rotateWebhookSecret: {
    params: { id: string };
    query: never;
    body: undefined;
    response: RotatedSigningSecret;
  };
  /** POST /v1/workspace/keys/{id}/rotate: Rotate a workspace API key (extension) */
  rotateWorkspaceKey: {
    params: { id: string };
    query: never;
    body: undefined;
    response: RotatedWorkspaceKey;
  };
  /** POST /v1/workspace/plan: Select the org's plan (extension) */
  selectPlan: {
    params: never;
    query: never;
    body: {
      plan: "starter" | "pro" | "enterprise";
    };
    response: Identity;
  };
  /** POST /v1/workspace/meet/invitations: Invite people to a room */
  sendInvitations: {
    params: never;
    query: never;
    body: {
      room_id: string;
      recipients: string[];
      note?: string | null;
    };
    response: InvitationResult;
  };
  /** POST /v1/workspace/webhooks/{id}/test: Send a test event (extension) */
  sendTestEvent: {
    params: { id: string };
    query: never;
    body: {
      event_type?: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed" | "webhook.test";
    };
    response: Delivery;
  };
  /** POST /v1/auth/login: Sign in */
  signIn: {
    params: never;
    query: never;
    body: {
      email: string;
      password: string;
      otp?: string;
      recovery_code?: string;
      passkey?: {
        id: string;
        rawId: string;
        type: "public-key";
        response: {
          clientDataJSON: string;
          authenticatorData: string;
          signature: string;
          userHandle?: string;
          [key: string]: unknown;
        };
        clientExtensionResults?: Record<string, unknown>;
        authenticatorAttachment?: string;
        [key: string]: unknown;
      };
      remember_device?: boolean;
    };
    response: Identity;
  };
  /** POST /v1/auth/passkey: Sign in with a passkey, password-less (extension) */
  signInWithPasskey: {
    params: never;
    query: never;
    body: {
      response: {
        id: string;
        rawId: string;
        type: "public-key";
        response: {
          clientDataJSON: string;
          authenticatorData: string;
          signature: string;
          userHandle?: string;
          [key: string]: unknown;
        };
        clientExtensionResults?: Record<string, unknown>;
        authenticatorAttachment?: string;
        [key: string]: unknown;
      };
    };
    response: Identity;
  };
  /** POST /v1/auth/logout: Sign out */
  signOut: {
    params: never;
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/auth/logout-all: Sign out everywhere (extension) */
  signOutEverywhere: {
    params: never;
    query: never;
    body: undefined;
    response: undefined;
  };
  /** POST /v1/auth/signup: Sign up (extension) */
  signUp: {
    params: never;
    query: never;
    body: {
      email: string;
      password: string;
      display_name: string;
      org_name: string;
    };
    response: {
      status: "verification_sent";
    };
  };
  /** POST /v1/workspace/rooms/{roomId}/recordings: Start recording a room (extension) */
  startRecording: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: Recording;
  };
  /** POST /v1/auth/sso/start: Start signing in through the org's identity provider (extension) */
  startSso: {
    params: never;
    query: never;
    body: {
      email: string;
    };
    response: SsoStart;
  };
  /** POST /v1/workspace/rooms/{roomId}/streams: Start a live stream of a room (extension) */
  startStream: {
    params: { roomId: string };
    query: never;
    body: StartStreamRequest;
    response: Stream;
  };
  /** POST /v1/workspace/me/totp: Start two-factor enrolment (extension) */
  startTotpEnrolment: {
    params: never;
    query: never;
    body: undefined;
    response: TotpEnrolment;
  };
  /** POST /v1/workspace/rooms/{roomId}/recordings/{recordingId}/stop: Stop recording a room (extension) */
  stopRecording: {
    params: { roomId: string; recordingId: string };
    query: never;
    body: undefined;
    response: Recording;
  };
  /** POST /v1/workspace/rooms/{roomId}/streams/{streamId}/stop: Stop a live stream (extension) */
  stopStream: {
    params: { roomId: string; streamId: string };
    query: never;
    body: undefined;
    response: Stream;
  };
  /** POST /v1/auth/switch-org: Switch organisation (extension) */
  switchOrg: {
    params: never;
    query: never;
    body: {
      org_id: string;
    };
    response: Identity;
  };
  /** PATCH /v1/workspace/projects/{projectId}: Change a project's name, slug or environment (extension) */
  updateProject: {
    params: { projectId: string };
    query: never;
    body: {
      name?: string;
      slug?: string;
      environment?: "prod" | "staging" | "dev";
    };
    response: Project;
  };
  /** PATCH /v1/workspace/rooms/{roomId}: Rename a room (extension) */
  updateRoom: {
    params: { roomId: string };
    query: never;
    body: {
      name?: string;
      /** Recording: `off` (never), `manual` (started and stopped through the API or the console; the default), `auto` (starts when the first participant joins). */
      record?: "off" | "manual" | "auto";
    };
    response: Room;
  };
  /** PATCH /v1/workspace/rooms/{roomId}/admission: Lock the share link or turn the waiting room on (extension) */
  updateRoomAdmission: {
    params: { roomId: string };
    query: never;
    body: {
      link_locked?: boolean;
      waiting_room?: boolean;
    };
    response: RoomAdmission;
  };
  /** PATCH /v1/workspace/rooms/{roomId}/participants/{identity}: Promote or demote a participant live (extension) */
  updateRoomParticipant: {
    params: { roomId: string; identity: string };
    query: never;
    body: {
      role: "publisher" | "broadcaster" | "viewer";
    };
    response: ParticipantUpdated;
  };
  /** PATCH /v1/workspace/security: Require two-factor for every member (extension) */
  updateSecurityPolicy: {
    params: never;
    query: never;
    body: {
      require_two_factor: boolean;
    };
    response: SecurityPolicy;
  };
  /** PATCH /v1/workspace/webhooks/{id}: Change a webhook endpoint (extension) */
  updateWebhook: {
    params: { id: string };
    query: never;
    body: {
      /** Checked as on creation (HTTPS; in cloud mode no internal host). */
      url?: string;
      active?: boolean;
      events?: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "usage.threshold" | "participant.joined" | "stream.started" | "stream.ended" | "stream.failed")[];
      description?: string | null;
      rate_limit?: number | null;
    };
    response: WebhookEndpoint;
  };
  /** GET /v1/workspace/audit-log/verify: Verify the audit log's hash chain (extension) */
  verifyAuditLog: {
    params: never;
    query: never;
    body: undefined;
    response: AuditChainReport;
  };
  /** POST /v1/auth/verify-email: Confirm a sign-up (extension) */
  verifyEmail: {
    params: never;
    query: never;
    body: {
      token: string;
    };
    response: Identity;
  };
}

/** How each operation is called: method, path template, answer status, Idempotency-Key support. */
export const OPERATIONS = {
  acceptMemberInvitation: { method: "POST", path: "/v1/auth/invitations/accept", status: 200, idempotent: false, bodyRequired: true },
  admitGuest: { method: "POST", path: "/v1/workspace/rooms/{roomId}/knocks/{knockId}/admit", status: 200, idempotent: true, bodyRequired: false },
  changeMemberRole: { method: "PATCH", path: "/v1/workspace/members/{userId}", status: 200, idempotent: false, bodyRequired: true },
  changePassword: { method: "POST", path: "/v1/auth/password", status: 204, idempotent: true, bodyRequired: true },
  confirmPasswordReset: { method: "POST", path: "/v1/auth/password-reset/confirm", status: 204, idempotent: false, bodyRequired: true },
  confirmTotp: { method: "POST", path: "/v1/workspace/me/totp/confirm", status: 200, idempotent: true, bodyRequired: true },
  createProject: { method: "POST", path: "/v1/workspace/projects", status: 201, idempotent: true, bodyRequired: true },
  createRecordingDownloadLink: { method: "POST", path: "/v1/workspace/recordings/{id}/download", status: 200, idempotent: true, bodyRequired: false },
  createRoom: { method: "POST", path: "/v1/workspace/rooms", status: 201, idempotent: true, bodyRequired: true },
  createWebhook: { method: "POST", path: "/v1/workspace/webhooks", status: 201, idempotent: true, bodyRequired: true },
  createWebhookInbox: { method: "POST", path: "/v1/workspace/webhooks/inbox", status: 201, idempotent: true, bodyRequired: false },
  createWorkspaceKey: { method: "POST", path: "/v1/workspace/keys", status: 201, idempotent: true, bodyRequired: true },
  deleteProject: { method: "DELETE", path: "/v1/workspace/projects/{projectId}", status: 204, idempotent: false, bodyRequired: false },
  deleteRecording: { method: "DELETE", path: "/v1/workspace/recordings/{id}", status: 204, idempotent: false, bodyRequired: false },
  deleteSsoSettings: { method: "DELETE", path: "/v1/workspace/security/sso", status: 204, idempotent: false, bodyRequired: false },
  deleteWebhook: { method: "DELETE", path: "/v1/workspace/webhooks/{id}", status: 204, idempotent: false, bodyRequired: false },
  denyGuest: { method: "POST", path: "/v1/workspace/rooms/{roomId}/knocks/{knockId}/deny", status: 200, idempotent: true, bodyRequired: false },
  disableTotp: { method: "DELETE", path: "/v1/workspace/me/totp", status: 204, idempotent: false, bodyRequired: true },
  endMemberSessions: { method: "DELETE", path: "/v1/workspace/members/{userId}/sessions", status: 204, idempotent: false, bodyRequired: false },
  endMySession: { method: "DELETE", path: "/v1/workspace/me/sessions/{sessionId}", status: 204, idempotent: false, bodyRequired: false },
  endRoom: { method: "POST", path: "/v1/workspace/rooms/{roomId}/end", status: 200, idempotent: true, bodyRequired: false },
  getAgentRecording: { method: "GET", path: "/v1/internal/recorder/recordings/{recordingId}", status: 200, idempotent: false, bodyRequired: false },
  getAgentStream: { method: "GET", path: "/v1/internal/streamer/streams/{streamId}", status: 200, idempotent: false, bodyRequired: false },
  getAudiencePlaylist: { method: "GET", path: "/v1/join/{shortCode}/stream.m3u8", status: 200, idempotent: false, bodyRequired: false },
  getGuestKnock: { method: "GET", path: "/v1/join/{shortCode}/knocks/{knockId}", status: 200, idempotent: false, bodyRequired: false },
  getIdentity: { method: "GET", path: "/v1/workspace/me", status: 200, idempotent: false, bodyRequired: false },
  getJwks: { method: "GET", path: "/.well-known/jwks.json", status: 200, idempotent: false, bodyRequired: false },
  getLicense: { method: "GET", path: "/v1/workspace/licenses/{id}", status: 200, idempotent: false, bodyRequired: false },
  getLicenseKeys: { method: "GET", path: "/.well-known/license-keys.json", status: 200, idempotent: false, bodyRequired: false },
  getLicenseRevocations: { method: "GET", path: "/.well-known/license-revocations.json", status: 200, idempotent: false, bodyRequired: false },
  getLicenseStatus: { method: "GET", path: "/v1/workspace/license", status: 200, idempotent: false, bodyRequired: false },
  getOpenApiDocument: { method: "GET", path: "/v1/openapi.json", status: 200, idempotent: false, bodyRequired: false },
  getProject: { method: "GET", path: "/v1/workspace/projects/{projectId}", status: 200, idempotent: false, bodyRequired: false },
  getRecording: { method: "GET", path: "/v1/workspace/recordings/{id}", status: 200, idempotent: false, bodyRequired: false },
  getRecordingPlaylist: { method: "GET", path: "/v1/workspace/recordings/{id}/playlist.m3u8", status: 200, idempotent: false, bodyRequired: false },
  getRoom: { method: "GET", path: "/v1/workspace/rooms/{roomId}", status: 200, idempotent: false, bodyRequired: false },
  getRoomAdmission: { method: "GET", path: "/v1/workspace/rooms/{roomId}/admission", status: 200, idempotent: false, bodyRequired: false },
  getRoomSession: { method: "GET", path: "/v1/workspace/sessions/{sessionId}", status: 200, idempotent: false, bodyRequired: false },
  getSecurityPolicy: { method: "GET", path: "/v1/workspace/security", status: 200, idempotent: false, bodyRequired: false },
  getSsoSettings: { method: "GET", path: "/v1/workspace/security/sso", status: 200, idempotent: false, bodyRequired: false },
  getStream: { method: "GET", path: "/v1/workspace/rooms/{roomId}/streams/{streamId}", status: 200, idempotent: false, bodyRequired: false },
  getStreamPlaylist: { method: "GET", path: "/v1/workspace/rooms/{roomId}/streams/{streamId}/playlist.m3u8", status: 200, idempotent: false, bodyRequired: false },
  getUsage: { method: "GET", path: "/v1/workspace/usage", status: 200, idempotent: false, bodyRequired: false },
  getWebhook: { method: "GET", path: "/v1/workspace/webhooks/{id}", status: 200, idempotent: false, bodyRequired: false },
  ingestAgentReport: { method: "POST", path: "/v1/internal/recorder/reports", status: 202, idempotent: false, bodyRequired: true },
  ingestJanusEvents: { method: "POST", path: "/v1/internal/media/janus", status: 202, idempotent: false, bodyRequired: true },
  ingestLivekitWebhook: { method: "POST", path: "/v1/internal/media/livekit", status: 200, idempotent: false, bodyRequired: true },
  ingestMediaReport: { method: "POST", path: "/v1/internal/media-events", status: 202, idempotent: true, bodyRequired: true },
  ingestStreamerReport: { method: "POST", path: "/v1/internal/streamer/reports", status: 202, idempotent: false, bodyRequired: true },
  inviteMember: { method: "POST", path: "/v1/workspace/members/invitations", status: 201, idempotent: true, bodyRequired: true },
  issueLicense: { method: "POST", path: "/v1/workspace/licenses", status: 201, idempotent: true, bodyRequired: true },
  issueRecordingUpload: { method: "POST", path: "/v1/internal/recorder/recordings/{recordingId}/upload", status: 200, idempotent: false, bodyRequired: true },
  issueStreamUpload: { method: "POST", path: "/v1/internal/streamer/streams/{streamId}/upload", status: 200, idempotent: false, bodyRequired: true },
  liftRoomBan: { method: "DELETE", path: "/v1/workspace/rooms/{roomId}/bans/{identity}", status: 204, idempotent: false, bodyRequired: false },
  listApiKeys: { method: "GET", path: "/v1/workspace/projects/{projectId}/api-keys", status: 200, idempotent: false, bodyRequired: false },
  listAuditLog: { method: "GET", path: "/v1/workspace/audit-log", status: 200, idempotent: false, bodyRequired: false },
  listDeliveries: { method: "GET", path: "/v1/workspace/webhooks/{id}/deliveries", status: 200, idempotent: false, bodyRequired: false },
  listenWebhookEvents: { method: "GET", path: "/v1/workspace/webhooks/listen", status: 200, idempotent: false, bodyRequired: false },
  listLicenses: { method: "GET", path: "/v1/workspace/licenses", status: 200, idempotent: false, bodyRequired: false },
  listMemberInvitations: { method: "GET", path: "/v1/workspace/members/invitations", status: 200, idempotent: false, bodyRequired: false },
  listMembers: { method: "GET", path: "/v1/workspace/members", status: 200, idempotent: false, bodyRequired: false },
  listMyOrgs: { method: "GET", path: "/v1/workspace/me/orgs", status: 200, idempotent: false, bodyRequired: false },
  listMyPasskeys: { method: "GET", path: "/v1/workspace/me/passkeys", status: 200, idempotent: false, bodyRequired: false },
  listMySessions: { method: "GET", path: "/v1/workspace/me/sessions", status: 200, idempotent: false, bodyRequired: false },
  listProjects: { method: "GET", path: "/v1/workspace/projects", status: 200, idempotent: false, bodyRequired: false },
  listRecordings: { method: "GET", path: "/v1/workspace/recordings", status: 200, idempotent: false, bodyRequired: false },
  listRoomBans: { method: "GET", path: "/v1/workspace/rooms/{roomId}/bans", status: 200, idempotent: false, bodyRequired: false },
  listRoomParticipants: { method: "GET", path: "/v1/workspace/rooms/{roomId}/participants", status: 200, idempotent: false, bodyRequired: false },
  listRooms: { method: "GET", path: "/v1/workspace/rooms", status: 200, idempotent: false, bodyRequired: false },
  listRoomSessions: { method: "GET", path: "/v1/workspace/rooms/{roomId}/sessions", status: 200, idempotent: false, bodyRequired: false },
  listRoomTimeline: { method: "GET", path: "/v1/workspace/rooms/{roomId}/timeline", status: 200, idempotent: false, bodyRequired: false },
  listStreams: { method: "GET", path: "/v1/workspace/rooms/{roomId}/streams", status: 200, idempotent: false, bodyRequired: false },
  listWebhookInbox: { method: "GET", path: "/v1/workspace/webhooks/{id}/inbox", status: 200, idempotent: false, bodyRequired: false },
  listWebhooks: { method: "GET", path: "/v1/workspace/webhooks", status: 200, idempotent: false, bodyRequired: false },
  listWorkspaceKeys: { method: "GET", path: "/v1/workspace/keys", status: 200, idempotent: false, bodyRequired: false },
  liveness: { method: "GET", path: "/healthz", status: 200, idempotent: false, bodyRequired: false },
  mintApiKey: { method: "POST", path: "/v1/workspace/projects/{projectId}/api-keys", status: 201, idempotent: true, bodyRequired: true },
  mintGuestToken: { method: "POST", path: "/v1/join/{shortCode}/token", status: 200, idempotent: false, bodyRequired: true },
  mintRoomToken: { method: "POST", path: "/v1/auth/tokens/room", status: 200, idempotent: true, bodyRequired: true },
  muteRoomParticipant: { method: "POST", path: "/v1/workspace/rooms/{roomId}/participants/{identity}/mute", status: 200, idempotent: true, bodyRequired: true },
  passkeyRegistrationOptions: { method: "POST", path: "/v1/workspace/me/passkeys/options", status: 201, idempotent: true, bodyRequired: false },
  passkeySignInOptions: { method: "POST", path: "/v1/auth/passkey/options", status: 200, idempotent: false, bodyRequired: false },
  putSsoSettings: { method: "PUT", path: "/v1/workspace/security/sso", status: 200, idempotent: false, bodyRequired: true },
  readiness: { method: "GET", path: "/readyz", status: 200, idempotent: false, bodyRequired: false },
  recoverDeliveries: { method: "POST", path: "/v1/workspace/webhooks/{id}/recover", status: 202, idempotent: true, bodyRequired: true },
  redeliver: { method: "POST", path: "/v1/workspace/webhooks/{id}/deliveries/{deliveryId}/redeliver", status: 202, idempotent: true, bodyRequired: false },
  registerPasskey: { method: "POST", path: "/v1/workspace/me/passkeys", status: 201, idempotent: true, bodyRequired: true },
  registerProjectWebhook: { method: "POST", path: "/v1/webhooks/endpoints", status: 201, idempotent: true, bodyRequired: true },
  removeMember: { method: "DELETE", path: "/v1/workspace/members/{userId}", status: 204, idempotent: false, bodyRequired: false },
  removePasskey: { method: "DELETE", path: "/v1/workspace/me/passkeys/{passkeyId}", status: 204, idempotent: false, bodyRequired: false },
  removeRoomParticipant: { method: "DELETE", path: "/v1/workspace/rooms/{roomId}/participants/{identity}", status: 200, idempotent: false, bodyRequired: false },
  renamePasskey: { method: "PATCH", path: "/v1/workspace/me/passkeys/{passkeyId}", status: 200, idempotent: false, bodyRequired: true },
  requestPasswordReset: { method: "POST", path: "/v1/auth/password-reset", status: 202, idempotent: false, bodyRequired: true },
  resendMemberInvitation: { method: "POST", path: "/v1/workspace/members/invitations/{id}/resend", status: 200, idempotent: true, bodyRequired: false },
  revokeApiKey: { method: "DELETE", path: "/v1/workspace/projects/{projectId}/api-keys/{id}", status: 204, idempotent: false, bodyRequired: false },
  revokeLicense: { method: "POST", path: "/v1/workspace/licenses/{id}/revoke", status: 200, idempotent: true, bodyRequired: false },
  revokeMemberInvitation: { method: "DELETE", path: "/v1/workspace/members/invitations/{id}", status: 204, idempotent: false, bodyRequired: false },
  revokeRoomTokens: { method: "POST", path: "/v1/workspace/rooms/{roomId}/revocations", status: 201, idempotent: true, bodyRequired: true },
  revokeWorkspaceKey: { method: "DELETE", path: "/v1/workspace/keys/{id}", status: 204, idempotent: false, bodyRequired: false },
  rotateApiKey: { method: "POST", path: "/v1/workspace/projects/{projectId}/api-keys/{id}/rotate", status: 200, idempotent: true, bodyRequired: false },
  rotateWebhookSecret: { method: "POST", path: "/v1/workspace/webhooks/{id}/rotate-secret", status: 200, idempotent: true, bodyRequired: false },
  rotateWorkspaceKey: { method: "POST", path: "/v1/workspace/keys/{id}/rotate", status: 200, idempotent: true, bodyRequired: false },
  selectPlan: { method: "POST", path: "/v1/workspace/plan", status: 200, idempotent: true, bodyRequired: true },
  sendInvitations: { method: "POST", path: "/v1/workspace/meet/invitations", status: 200, idempotent: true, bodyRequired: true },
  sendTestEvent: { method: "POST", path: "/v1/workspace/webhooks/{id}/test", status: 202, idempotent: true, bodyRequired: false },
  signIn: { method: "POST", path: "/v1/auth/login", status: 200, idempotent: false, bodyRequired: true },
  signInWithPasskey: { method: "POST", path: "/v1/auth/passkey", status: 200, idempotent: false, bodyRequired: true },
  signOut: { method: "POST", path: "/v1/auth/logout", status: 204, idempotent: false, bodyRequired: false },
  signOutEverywhere: { method: "POST", path: "/v1/auth/logout-all", status: 204, idempotent: false, bodyRequired: false },
  signUp: { method: "POST", path: "/v1/auth/signup", status: 202, idempotent: false, bodyRequired: true },
  startRecording: { method: "POST", path: "/v1/workspace/rooms/{roomId}/recordings", status: 201, idempotent: true, bodyRequired: false },
  startSso: { method: "POST", path: "/v1/auth/sso/start", status: 200, idempotent: false, bodyRequired: true },
  startStream: { method: "POST", path: "/v1/workspace/rooms/{roomId}/streams", status: 201, idempotent: true, bodyRequired: true },
  startTotpEnrolment: { method: "POST", path: "/v1/workspace/me/totp", status: 201, idempotent: true, bodyRequired: false },
  stopRecording: { method: "POST", path: "/v1/workspace/rooms/{roomId}/recordings/{recordingId}/stop", status: 200, idempotent: true, bodyRequired: false },
  stopStream: { method: "POST", path: "/v1/workspace/rooms/{roomId}/streams/{streamId}/stop", status: 200, idempotent: true, bodyRequired: false },
  switchOrg: { method: "POST", path: "/v1/auth/switch-org", status: 200, idempotent: true, bodyRequired: true },
  updateProject: { method: "PATCH", path: "/v1/workspace/projects/{projectId}", status: 200, idempotent: false, bodyRequired: true },
  updateRoom: { method: "PATCH", path: "/v1/workspace/rooms/{roomId}", status: 200, idempotent: false, bodyRequired: true },
  updateRoomAdmission: { method: "PATCH", path: "/v1/workspace/rooms/{roomId}/admission", status: 200, idempotent: false, bodyRequired: true },
  updateRoomParticipant: { method: "PATCH", path: "/v1/workspace/rooms/{roomId}/participants/{identity}", status: 200, idempotent: false, bodyRequired: true },
  updateSecurityPolicy: { method: "PATCH", path: "/v1/workspace/security", status: 200, idempotent: false, bodyRequired: true },
  updateWebhook: { method: "PATCH", path: "/v1/workspace/webhooks/{id}", status: 200, idempotent: false, bodyRequired: true },
  verifyAuditLog: { method: "GET", path: "/v1/workspace/audit-log/verify", status: 200, idempotent: false, bodyRequired: false },
  verifyEmail: { method: "POST", path: "/v1/auth/verify-email", status: 200, idempotent: false, bodyRequired: true },
} as const;

/** The body of each webhook event type, by type (the document's `webhooks`). */
export interface WebhookEventMap {
  /** A room was created. */
  "room.created": RoomCreatedEvent;
  /** A room ended (last participant left or the host ended it). */
  "room.ended": RoomEndedEvent;
  /** A participant left a room. */
  "participant.left": ParticipantLeftEvent;
  /** A recording started (`state: started`). */
  "recording.started": RecordingStartedEvent;
  /** A recording completed (`state: completed`, duration and size filled in). */
  "recording.completed": RecordingCompletedEvent;
  /** A recording failed (`state: failed`). */
  "recording.failed": RecordingFailedEvent;
  /** A recording's processing finished; it can be downloaded once completed. */
  "recording.ready": RecordingReadyEvent;
  /** The media plane measured poor quality. */
  "qos.alert": QosAlertEvent;
  /** An on-prem license was invalidated (self_host). */
  "license.revoked": LicenseRevokedEvent;
  /** The org's use this month crossed 80 % or 100 % of a quota its plan includes (cloud; once per month each). */
  "usage.threshold": UsageThresholdEvent;
  /** A live stream started: the media plane sends it to its outputs (`state: live`). */
  "stream.started": StreamStartedEvent;
  /** A live stream ended: stopped, or its room ended (`state: ended`; the HLS playlist is final). */
  "stream.ended": StreamEndedEvent;
  /** An output of a live stream failed (its `failure_reason` says why); `state: failed` when none is left. */
  "stream.failed": StreamFailedEvent;
  /** Sent by POST /v1/workspace/webhooks/{id}/test without `event_type`: the endpoint itself. */
  "webhook.test": WebhookTestEvent;
  /** A participant entered a room (its first connection; `left_at` is null). */
  "participant.joined": ParticipantJoinedEvent;
}

export const WEBHOOK_EVENT_TYPES = ["room.created","room.ended","participant.left","recording.started","recording.completed","recording.failed","recording.ready","qos.alert","license.revoked","usage.threshold","stream.started","stream.ended","stream.failed","webhook.test","participant.joined"] as const;
