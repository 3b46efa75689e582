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
  /** Where the file goes (the upload link is for this key). */
  object_key: string;
  content_type: string;
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
    reason: "entry_changed" | "link_broken" | "entry_missing" | "time_reversed" | "checkpoint_unsealed" | "prune_unsealed" | "anchor_mismatch" | "anchor_invalid";
  } | null;
  checked_at: string;
}

export interface AuditEntry {
  /** prefix `aud_` */
  id: string;
  action: "auth.signed_in" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.failing" | "webhook.disabled" | "webhook.recovered" | "plan.selected" | "auth.signed_out_everywhere" | "auth.password_changed" | "auth.password_reset" | "auth.signed_up" | "auth.org_switched" | "member.role_changed" | "member.removed" | "member.joined" | "member_invitation.created" | "member_invitation.revoked" | "member_invitation.resent" | "project.created" | "project.updated" | "project.deleted" | "room.updated" | "room.ended" | "room.participant_removed" | "recording.deleted" | "recording.start_requested" | "recording.stop_requested" | "webhook.listen_started" | "webhook.listen_ended" | "audit.pruned";
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
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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

export interface Delivery {
  /** prefix `dlv_` */
  id: string;
  /** What the receiver sees as webhook-id and the body's `id`. */
  event_id: string;
  event_type: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "webhook.test";
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
  /** prefix `usr_` */
  user_id: string;
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

export interface JWKS {
  keys: {
    kty: string;
    kid: string;
    [key: string]: unknown;
  }[];
}

export interface License {
  license_id: string;
  /** Why the license check failed. */
  reason: string;
  /** ISO 8601 UTC, milliseconds */
  revoked_at: string;
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

export interface LivekitWebhookAccepted {
  accepted: true;
  /** The event's type, as LiveKit named it. */
  event: string;
  /** Changes it made (0: a repeat, another type, an unknown room or participant). */
  applied: number;
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
}

export interface MediaEventsAccepted {
  accepted: true;
  /** Events in the request. */
  received: number;
  /** Events that changed something (unknown rooms, repeats and other types change nothing). */
  applied: number;
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

export interface ParticipantLeftEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "participant.left";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: Participant;
  };
}

export interface PresentParticipant {
  identity: string;
  /** ISO 8601 UTC, milliseconds */
  joined_at: string;
}

/** RFC 7807 problem details (application/problem+json). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: "invalid_json" | "malformed_request" | "unauthenticated" | "invalid_credentials" | "invalid_api_key" | "plan_required" | "forbidden_workspace_role" | "insufficient_scope" | "csrf_failed" | "access_denied" | "not_found" | "method_not_allowed" | "request_timeout" | "slug_taken" | "room_ended" | "conflict" | "already_member" | "last_owner" | "limit_reached" | "invitation_expired" | "link_expired" | "payload_too_large" | "unsupported_media_type" | "range_not_satisfiable" | "headers_too_large" | "validation_failed" | "room_type_preview" | "idempotency_key_reused" | "rate_limited" | "sign_in_proof_required" | "internal_error" | "service_unavailable";
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
  /** Present on events sent by POST …/test: example data, not a real change. */
  test?: true;
  data: {
    object: QosAlert;
  };
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

export interface RecordingUploadLink {
  /** A presigned PUT for `object_key` only. */
  upload_url: string;
  object_key: string;
  content_type: string;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
}

export interface RecoveredDeliveries {
  /** Deliveries that start over. */
  queued: number;
}

export interface RemovedParticipant {
  identity: string;
  /** Connections of this identity the media node removed: 0 when it was not in the room (removing is idempotent). */
  removed: number;
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

export interface RoomCreatedEvent {
  /** The delivery's id, the same as the `webhook-id` header: dedupe on it. */
  id: string;
  type: "room.created";
  /** ISO 8601 UTC, milliseconds */
  created_at: string;
  /** prefix `org_` */
  org_id: string;
  project_id: string | null;
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

export interface RoomToken {
  /** ES256/EdDSA JWT */
  token: string;
  /** ISO 8601 UTC, milliseconds */
  expires_at: string;
  /** Present when the service runs a media plane (SVC_MEDIA_PLANE): how to enter the room. */
  media?: MediaCredential;
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

export interface TimelineEntry {
  /** Stable id of the entry (`ract_…`, or the room id for `room.created`). */
  id: string;
  type: "room.created" | "participant.joined" | "participant.left" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "qos.alert" | "room.ended";
  /** ISO 8601 UTC, milliseconds */
  occurred_at: string;
  /** The participant concerned, if one. */
  identity: string | null;
  recording_id: string | null;
  qos: {
    kind: "loss_storm" | "low_bitrate" | "high_rtt";
    value: number;
  } | null;
}

export interface WebhookEndpoint {
  /** prefix `wh_` */
  id: string;
  url: string;
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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
  events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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

/** The problem codes this version of the API documents (the `code` of an error answer). */
export const KNOWN_ERROR_CODES = ["invalid_json","malformed_request","unauthenticated","invalid_credentials","invalid_api_key","plan_required","forbidden_workspace_role","insufficient_scope","csrf_failed","access_denied","not_found","method_not_allowed","request_timeout","slug_taken","room_ended","conflict","already_member","last_owner","limit_reached","invitation_expired","link_expired","payload_too_large","unsupported_media_type","range_not_satisfiable","headers_too_large","validation_failed","room_type_preview","idempotency_key_reused","rate_limited","sign_in_proof_required","internal_error","service_unavailable"] as const;

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
    };
    response: Identity;
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
      events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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
  /** DELETE /v1/workspace/webhooks/{id}: Delete a webhook endpoint (extension) */
  deleteWebhook: {
    params: { id: string };
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
  /** GET /v1/workspace/rooms/{roomId}: Get a room (extension) */
  getRoom: {
    params: { roomId: string };
    query: never;
    body: undefined;
    response: Room;
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
  /** POST /v1/internal/recorder/recordings/{recordingId}/upload: An upload link for a recording's file (internal) */
  issueRecordingUpload: {
    params: { recordingId: string };
    query: never;
    body: undefined;
    response: RecordingUploadLink;
  };
  /** GET /v1/workspace/projects/{projectId}/api-keys: List a project's API keys (extension) */
  listApiKeys: {
    params: { projectId: string };
    query: never;
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
      action?: "auth.signed_in" | "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook.created" | "webhook.updated" | "webhook.deleted" | "webhook.secret_rotated" | "webhook.failing" | "webhook.disabled" | "webhook.recovered" | "plan.selected" | "auth.signed_out_everywhere" | "auth.password_changed" | "auth.password_reset" | "auth.signed_up" | "auth.org_switched" | "member.role_changed" | "member.removed" | "member.joined" | "member_invitation.created" | "member_invitation.revoked" | "member_invitation.resent" | "project.created" | "project.updated" | "project.deleted" | "room.updated" | "room.ended" | "room.participant_removed" | "recording.deleted" | "recording.start_requested" | "recording.stop_requested" | "webhook.listen_started" | "webhook.listen_ended" | "audit.pruned";
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
      event_type?: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "webhook.test";
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
  /** GET /v1/workspace/projects: List projects */
  listProjects: {
    params: never;
    query: {
      limit?: number;
      cursor?: string;
      environment?: "prod" | "staging" | "dev";
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
    };
    response: RoomToken;
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
  /** POST /v1/webhooks/endpoints: Register a project webhook endpoint (project key) */
  registerProjectWebhook: {
    params: never;
    query: never;
    body: {
      url: string;
      events: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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
  /** DELETE /v1/workspace/rooms/{roomId}/participants/{identity}: Remove a participant from a room (extension) */
  removeRoomParticipant: {
    params: { roomId: string; identity: string };
    query: never;
    body: undefined;
    response: RemovedParticipant;
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
    query: never;
    body: undefined;
    response: undefined;
  };
  /** DELETE /v1/workspace/members/invitations/{id}: Revoke an invitation (extension) */
  revokeMemberInvitation: {
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
      event_type?: "room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked" | "webhook.test";
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
  /** POST /v1/workspace/rooms/{roomId}/recordings/{recordingId}/stop: Stop recording a room (extension) */
  stopRecording: {
    params: { roomId: string; recordingId: string };
    query: never;
    body: undefined;
    response: Recording;
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
  /** PATCH /v1/workspace/webhooks/{id}: Change a webhook endpoint (extension) */
  updateWebhook: {
    params: { id: string };
    query: never;
    body: {
      /** Checked as on creation (HTTPS; in cloud mode no internal host). */
      url?: string;
      active?: boolean;
      events?: ("room.created" | "room.ended" | "recording.started" | "recording.completed" | "recording.failed" | "recording.ready" | "participant.left" | "qos.alert" | "license.revoked")[];
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
  changeMemberRole: { method: "PATCH", path: "/v1/workspace/members/{userId}", status: 200, idempotent: false, bodyRequired: true },
  changePassword: { method: "POST", path: "/v1/auth/password", status: 204, idempotent: true, bodyRequired: true },
  confirmPasswordReset: { method: "POST", path: "/v1/auth/password-reset/confirm", status: 204, idempotent: false, bodyRequired: true },
  createProject: { method: "POST", path: "/v1/workspace/projects", status: 201, idempotent: true, bodyRequired: true },
  createRecordingDownloadLink: { method: "POST", path: "/v1/workspace/recordings/{id}/download", status: 200, idempotent: true, bodyRequired: false },
  createRoom: { method: "POST", path: "/v1/workspace/rooms", status: 201, idempotent: true, bodyRequired: true },
  createWebhook: { method: "POST", path: "/v1/workspace/webhooks", status: 201, idempotent: true, bodyRequired: true },
  createWebhookInbox: { method: "POST", path: "/v1/workspace/webhooks/inbox", status: 201, idempotent: true, bodyRequired: false },
  deleteProject: { method: "DELETE", path: "/v1/workspace/projects/{projectId}", status: 204, idempotent: false, bodyRequired: false },
  deleteRecording: { method: "DELETE", path: "/v1/workspace/recordings/{id}", status: 204, idempotent: false, bodyRequired: false },
  deleteWebhook: { method: "DELETE", path: "/v1/workspace/webhooks/{id}", status: 204, idempotent: false, bodyRequired: false },
  endRoom: { method: "POST", path: "/v1/workspace/rooms/{roomId}/end", status: 200, idempotent: true, bodyRequired: false },
  getAgentRecording: { method: "GET", path: "/v1/internal/recorder/recordings/{recordingId}", status: 200, idempotent: false, bodyRequired: false },
  getIdentity: { method: "GET", path: "/v1/workspace/me", status: 200, idempotent: false, bodyRequired: false },
  getJwks: { method: "GET", path: "/.well-known/jwks.json", status: 200, idempotent: false, bodyRequired: false },
  getOpenApiDocument: { method: "GET", path: "/v1/openapi.json", status: 200, idempotent: false, bodyRequired: false },
  getProject: { method: "GET", path: "/v1/workspace/projects/{projectId}", status: 200, idempotent: false, bodyRequired: false },
  getRecording: { method: "GET", path: "/v1/workspace/recordings/{id}", status: 200, idempotent: false, bodyRequired: false },
  getRoom: { method: "GET", path: "/v1/workspace/rooms/{roomId}", status: 200, idempotent: false, bodyRequired: false },
  getWebhook: { method: "GET", path: "/v1/workspace/webhooks/{id}", status: 200, idempotent: false, bodyRequired: false },
  ingestAgentReport: { method: "POST", path: "/v1/internal/recorder/reports", status: 202, idempotent: false, bodyRequired: true },
  ingestJanusEvents: { method: "POST", path: "/v1/internal/media/janus", status: 202, idempotent: false, bodyRequired: true },
  ingestLivekitWebhook: { method: "POST", path: "/v1/internal/media/livekit", status: 200, idempotent: false, bodyRequired: true },
  ingestMediaReport: { method: "POST", path: "/v1/internal/media-events", status: 202, idempotent: true, bodyRequired: true },
  inviteMember: { method: "POST", path: "/v1/workspace/members/invitations", status: 201, idempotent: true, bodyRequired: true },
  issueRecordingUpload: { method: "POST", path: "/v1/internal/recorder/recordings/{recordingId}/upload", status: 200, idempotent: false, bodyRequired: false },
  listApiKeys: { method: "GET", path: "/v1/workspace/projects/{projectId}/api-keys", status: 200, idempotent: false, bodyRequired: false },
  listAuditLog: { method: "GET", path: "/v1/workspace/audit-log", status: 200, idempotent: false, bodyRequired: false },
  listDeliveries: { method: "GET", path: "/v1/workspace/webhooks/{id}/deliveries", status: 200, idempotent: false, bodyRequired: false },
  listenWebhookEvents: { method: "GET", path: "/v1/workspace/webhooks/listen", status: 200, idempotent: false, bodyRequired: false },
  listMemberInvitations: { method: "GET", path: "/v1/workspace/members/invitations", status: 200, idempotent: false, bodyRequired: false },
  listMembers: { method: "GET", path: "/v1/workspace/members", status: 200, idempotent: false, bodyRequired: false },
  listMyOrgs: { method: "GET", path: "/v1/workspace/me/orgs", status: 200, idempotent: false, bodyRequired: false },
  listProjects: { method: "GET", path: "/v1/workspace/projects", status: 200, idempotent: false, bodyRequired: false },
  listRecordings: { method: "GET", path: "/v1/workspace/recordings", status: 200, idempotent: false, bodyRequired: false },
  listRoomParticipants: { method: "GET", path: "/v1/workspace/rooms/{roomId}/participants", status: 200, idempotent: false, bodyRequired: false },
  listRooms: { method: "GET", path: "/v1/workspace/rooms", status: 200, idempotent: false, bodyRequired: false },
  listRoomTimeline: { method: "GET", path: "/v1/workspace/rooms/{roomId}/timeline", status: 200, idempotent: false, bodyRequired: false },
  listWebhookInbox: { method: "GET", path: "/v1/workspace/webhooks/{id}/inbox", status: 200, idempotent: false, bodyRequired: false },
  listWebhooks: { method: "GET", path: "/v1/workspace/webhooks", status: 200, idempotent: false, bodyRequired: false },
  liveness: { method: "GET", path: "/healthz", status: 200, idempotent: false, bodyRequired: false },
  mintApiKey: { method: "POST", path: "/v1/workspace/projects/{projectId}/api-keys", status: 201, idempotent: true, bodyRequired: true },
  mintGuestToken: { method: "POST", path: "/v1/join/{shortCode}/token", status: 200, idempotent: false, bodyRequired: true },
  mintRoomToken: { method: "POST", path: "/v1/auth/tokens/room", status: 200, idempotent: true, bodyRequired: true },
  readiness: { method: "GET", path: "/readyz", status: 200, idempotent: false, bodyRequired: false },
  recoverDeliveries: { method: "POST", path: "/v1/workspace/webhooks/{id}/recover", status: 202, idempotent: true, bodyRequired: true },
  redeliver: { method: "POST", path: "/v1/workspace/webhooks/{id}/deliveries/{deliveryId}/redeliver", status: 202, idempotent: true, bodyRequired: false },
  registerProjectWebhook: { method: "POST", path: "/v1/webhooks/endpoints", status: 201, idempotent: true, bodyRequired: true },
  removeMember: { method: "DELETE", path: "/v1/workspace/members/{userId}", status: 204, idempotent: false, bodyRequired: false },
  removeRoomParticipant: { method: "DELETE", path: "/v1/workspace/rooms/{roomId}/participants/{identity}", status: 200, idempotent: false, bodyRequired: false },
  requestPasswordReset: { method: "POST", path: "/v1/auth/password-reset", status: 202, idempotent: false, bodyRequired: true },
  resendMemberInvitation: { method: "POST", path: "/v1/workspace/members/invitations/{id}/resend", status: 200, idempotent: true, bodyRequired: false },
  revokeApiKey: { method: "DELETE", path: "/v1/workspace/projects/{projectId}/api-keys/{id}", status: 204, idempotent: false, bodyRequired: false },
  revokeMemberInvitation: { method: "DELETE", path: "/v1/workspace/members/invitations/{id}", status: 204, idempotent: false, bodyRequired: false },
  rotateApiKey: { method: "POST", path: "/v1/workspace/projects/{projectId}/api-keys/{id}/rotate", status: 200, idempotent: true, bodyRequired: false },
  rotateWebhookSecret: { method: "POST", path: "/v1/workspace/webhooks/{id}/rotate-secret", status: 200, idempotent: true, bodyRequired: false },
  selectPlan: { method: "POST", path: "/v1/workspace/plan", status: 200, idempotent: true, bodyRequired: true },
  sendInvitations: { method: "POST", path: "/v1/workspace/meet/invitations", status: 200, idempotent: true, bodyRequired: true },
  sendTestEvent: { method: "POST", path: "/v1/workspace/webhooks/{id}/test", status: 202, idempotent: true, bodyRequired: false },
  signIn: { method: "POST", path: "/v1/auth/login", status: 200, idempotent: false, bodyRequired: true },
  signOut: { method: "POST", path: "/v1/auth/logout", status: 204, idempotent: false, bodyRequired: false },
  signOutEverywhere: { method: "POST", path: "/v1/auth/logout-all", status: 204, idempotent: false, bodyRequired: false },
  signUp: { method: "POST", path: "/v1/auth/signup", status: 202, idempotent: false, bodyRequired: true },
  startRecording: { method: "POST", path: "/v1/workspace/rooms/{roomId}/recordings", status: 201, idempotent: true, bodyRequired: false },
  stopRecording: { method: "POST", path: "/v1/workspace/rooms/{roomId}/recordings/{recordingId}/stop", status: 200, idempotent: true, bodyRequired: false },
  switchOrg: { method: "POST", path: "/v1/auth/switch-org", status: 200, idempotent: true, bodyRequired: true },
  updateProject: { method: "PATCH", path: "/v1/workspace/projects/{projectId}", status: 200, idempotent: false, bodyRequired: true },
  updateRoom: { method: "PATCH", path: "/v1/workspace/rooms/{roomId}", status: 200, idempotent: false, bodyRequired: true },
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
  /** Sent by POST /v1/workspace/webhooks/{id}/test without `event_type`: the endpoint itself. */
  "webhook.test": WebhookTestEvent;
}

export const WEBHOOK_EVENT_TYPES = ["room.created","room.ended","participant.left","recording.started","recording.completed","recording.failed","recording.ready","qos.alert","license.revoked","webhook.test"] as const;
