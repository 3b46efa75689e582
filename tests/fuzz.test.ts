import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_CONTRACTS as OPERATIONS } from "@/app/api-routes";
import { deliveries, licenses, recordings, rooms, webhookEndpoints, workspaceKeys } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { ERROR_STATUS, type ErrorCode } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { recordingFileKey } from "@/lib/recordings/recording-object";
import { errorCodesOf, type RouteContract as Operation } from "@/lib/routes/contract";
import { startSession } from "@/lib/sessions/start-session";
import { call } from "./helpers/app";
import { FIXTURE_PASSWORD } from "./helpers/fixtures";
import {
  buildWorld,
  HOOK_URL,
  MEDIA_SECRET,
  RECORDER_SECRET,
  type World,
  worldSessionId,
} from "./helpers/hardening-world";
import { LK_KEY, LK_SECRET, signedWebhook, webhookEvent } from "./helpers/livekit";
import { freshAccountLinks } from "./helpers/teams";
import { MEDIA_PLANE_OPERATIONS, startTestMediaPlane, type TestMediaPlane } from "./helpers/test-media-plane";
import { createProjectKey } from "./helpers/webhook-fixtures";

/**
 * Property: whatever a client sends to any endpoint (bodies, queries, headers, ids), the API never
 * answers 5xx, and every error is problem+json with a known code, the status of that code, and a
 * code the operation documents. Successes match the documented response schema.
 *
 * CI runs a fixed seed. A larger run: `FUZZ_RUNS=100000 FUZZ_SEED=$RANDOM npx vitest run tests/fuzz.test.ts`
 * (a failure prints the seed and the shrunk counterexample to replay).
 */

/** The Janus media plane, configured for the requests to its event endpoint only (see check). */
const JANUS_ENV = {
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: "http://127.0.0.1:9/janus",
  JANUS_PUBLIC_URL: "ws://127.0.0.1:9",
  JANUS_TOKEN_SECRET: "fuzz-token-secret-0123456789",
  JANUS_EVENTS_SECRET: "fuzz-events-secret-0123456789",
};
const JANUS_BASIC = `Basic ${Buffer.from(`janus:${JANUS_ENV.JANUS_EVENTS_SECRET}`).toString("base64")}`;
/** The LiveKit media plane, for its webhook endpoint's requests only (as Janus's above). */
const LIVEKIT_ENV = {
  SVC_MEDIA_PLANE: "livekit",
  LIVEKIT_URL: "http://127.0.0.1:9",
  LIVEKIT_API_KEY: LK_KEY,
  LIVEKIT_API_SECRET: LK_SECRET,
};
/** Stands for LiveKit's signature of the very body sent: computed in `check`, once the body is known. */
const LIVEKIT_SIGNED = "@livekit-signature";
const PLANE_ENV: Partial<Record<string, Record<string, string>>> = {
  media_events: JANUS_ENV,
  media_webhook: LIVEKIT_ENV,
};
/** Licences are issued by the cloud service only (docs/decisions/1276): those operations run in cloud mode. */
const CLOUD_ONLY = new Set([
  "listLicenses",
  "issueLicense",
  "getLicense",
  "revokeLicense",
  "getLicenseKeys",
  "getLicenseRevocations",
]);
const CLOUD_ENV = { SVC_DEPLOYMENT_MODE: "cloud" };
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Rate limits would turn most of a long run into 429s: their counters are cleared this often. */
const CLEAR_LIMITS_EVERY = 150;

/** readyz reports its dependencies' health (503 without object storage in tests): not an API answer. */
const EXCLUDED = new Set<string>(["readiness"]);
/**
 * Fuzzed like every operation, but their success needs what a generator cannot know: the current
 * code of an authenticator app, or the id of a session the request did not create. Their success
 * paths are tested in tests/two-factor.test.ts, tests/sessions-list.test.ts and the OpenAPI happy
 * path (tests/helpers/hardening-world.ts).
 */
// Passkeys and SSO (issue 46): a success needs an authenticator's signature over a challenge the
// service just issued, or a real OpenID provider's round trip; their success paths are in
// tests/passkeys.test.ts, tests/sso.test.ts and the OpenAPI happy path.
// admitGuest, denyGuest, getGuestKnock: a knock's id (and its secret, shown once to the guest)
// exist only after a guest knocked; their success paths: tests/share-link-knock.test.ts and the
// OpenAPI happy path (tests/helpers/knock-examples.ts).
const SUCCESS_ELSEWHERE = new Set<string>([
  "registerPasskey",
  "renamePasskey",
  "removePasskey",
  "signInWithPasskey",
  "getSsoSettings",
  "putSsoSettings",
  "deleteSsoSettings",
  "startSso",
  "ssoCallback",
  "confirmTotp",
  "disableTotp",
  "endMySession",
  "admitGuest",
  "denyGuest",
  "getGuestKnock",
  // A stream starts only in an active room with someone publishing, on a plane that streams: the
  // fuzz's rooms have nobody in them. Its success paths: tests/streams-api.test.ts and the OpenAPI
  // happy path (tests/helpers/stream-examples.ts).
  "startStream",
  // ... and every call naming a stream needs one started that way.
  "getStream",
  "stopStream",
  "getStreamPlaylist",
  "getAgentStream",
  "issueStreamUpload",
  "ingestStreamerReport",
  "getAudiencePlaylist",
  // Moderation (issue 47) needs someone present in a room (or banned): the fuzz's Janus has nobody
  // in its rooms, and Janus answers a live role change with 409 rejoin_required by design. Their
  // success paths: tests/moderation-live.test.ts, tests/moderation-bans.test.ts and
  // tests/moderation-livekit.test.ts.
  "muteRoomParticipant",
  "updateRoomParticipant",
  "liftRoomBan",
]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

interface FuzzRequest {
  operationId: string;
  method: string;
  path: string;
  auth: { headers: Record<string, string> };
  headers: Record<string, string>;
  body: string | undefined;
}

let w: World;
let narrowKey: string;
let media: TestMediaPlane;
const stats = new Map<string, { calls: number; ok: number; codes: Set<string> }>();

function samples(op: Operation): Record<string, unknown> {
  const byId: Record<string, Record<string, unknown>> = {
    signIn: { email: w.org.members.Viewer.email, password: FIXTURE_PASSWORD },
    mintGuestToken: { displayName: "Fuzz" },
    mintRoomToken: {
      roomId: w.roomId,
      identity: "fuzz",
      role: "publisher",
      ttlSeconds: 600,
      caps: ["publish:mic"],
    },
    selectPlan: { plan: "pro" },
    revokeRoomTokens: { identity: "fuzz-revoked" },
    muteRoomParticipant: { audio: true },
    updateRoomParticipant: { role: "publisher" },
    issueLicense: {
      name: "Fuzz",
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      limits: { seats: 5, concurrent_participants: 5 },
    },
    updateSecurityPolicy: { require_two_factor: false },
    switchOrg: { org_id: w.org.id },
    changePassword: { current_password: FIXTURE_PASSWORD, new_password: FIXTURE_PASSWORD },
    signUp: { email: "fuzz@example.test", password: "long-enough-pw", display_name: "F", org_name: "F" },
    verifyEmail: { token: victims.links.signupToken },
    requestPasswordReset: { email: "fuzz@example.test" },
    confirmPasswordReset: { token: victims.links.resetToken, password: FIXTURE_PASSWORD },
    acceptMemberInvitation: {
      token: victims.links.inviteToken,
      display_name: "F",
      password: "long-enough-pw",
    },
    changeMemberRole: { role: "Developer" },
    inviteMember: { email: "fuzz-invitee@example.test", role: "Developer" },
    createProject: { name: "Fuzz", slug: "fuzz-project", environment: "dev" },
    createRoom: { project_id: w.org.projectId, name: "Fuzz room", type: "p2p" },
    updateProject: { name: "Fuzz renamed", environment: "staging" },
    updateRoom: { name: "Fuzz room renamed" },
    updateRoomAdmission: { link_locked: false, waiting_room: false },
    mintApiKey: { name: "Fuzz key", scope: "rooms:write", grants: ["publish"] },
    createWorkspaceKey: { name: "Fuzz workspace key", role: "Viewer", project_id: w.org.projectId },
    sendInvitations: { room_id: w.shortCode, recipients: ["a@example.com", "b@example.com"], note: "hi" },
    createWebhook: { url: HOOK_URL, events: ["room.created", "room.ended"], description: "fuzz" },
    updateWebhook: { active: true, events: ["room.created"], description: "changed" },
    recoverDeliveries: { since: "2020-01-01T00:00:00.000Z" },
    sendTestEvent: { event_type: "room.created" },
    registerProjectWebhook: { url: HOOK_URL, events: ["qos.alert"] },
    ingestJanusEvents: { type: 256, timestamp: 1, emitter: "fuzz", event: { status: "started" } },
    ingestLivekitWebhook: { event: "room_started", id: "EV_fuzz", createdAt: "1", room: { name: w.roomId } },
    ingestAgentReport: { id: "fuzz-report", type: "recording.started", recording_id: AGENT_RECORDING },
    issueRecordingUpload: { files: [{ name: "recording.mp4", size_bytes: 1234 }] },
    ingestMediaReport: {
      id: "fuzz-1",
      type: "recording.completed",
      room_id: w.roomId,
      participant: { identity: "p" },
      recording: { object_key: "k.mp4", duration_sec: 3, size_bytes: 10 },
      qos: { kind: "high_rtt", value: 300 },
    },
  };
  return byId[op.operationId] ?? {};
}

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "null",
    "../..",
    "%00",
    "prj_",
    "rm_",
    "\u0000",
    "a".repeat(300),
  ),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });

/** A body: a valid example with one field replaced, removed or added; or any JSON; or not JSON at all. */
function bodyArb(op: Operation): fc.Arbitrary<string | undefined> {
  const sample = samples(op);
  const keys = Object.keys(sample);
  const mutated = fc
    .record({
      key: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x"),
      action: fc.constantFrom("replace", "delete", "add", "keep"),
      value: jsonValue,
      extra: fc.string({ maxLength: 10 }),
    })
    .map(({ key, action, value, extra }) => {
      const b: Record<string, unknown> = { ...sample };
      if (action === "replace") b[key] = value;
      if (action === "delete") delete b[key];
      if (action === "add") b[`${extra}_`] = value;
      return JSON.stringify(b);
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 2, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(undefined, "", "{", "[]", "null", '{"a":', "\u00ff\u00fe", "{}"),
    },
  );
}

/**
 * Resources the fuzz may revoke, delete or disable (a key, a webhook and its delivery): replaced by
 * fresh ones now and then, so later requests can still reach their success paths.
 */
/** A room session of the world (GET sessions/:id, issue 44). */
let sessionId = "";

const victims = {
  keyId: "",
  /** A workspace API key rotateWorkspaceKey and revokeWorkspaceKey may change (docs/decisions/1290). */
  workspaceKeyId: "",
  /** A project, a room and a recording that deleteProject, endRoom and deleteRecording may destroy. */
  projectId: "",
  roomId: "",
  recordingId: "",
  /** An active room on the media node (start), one being recorded (stop), one stopped (upload link). */
  recordRoomId: "",
  stopRoomId: "",
  stopRecordingId: "",
  uploadRecordingId: "",
  webhookId: "",
  deliveryId: "",
  /** A licence revokeLicense may revoke. */
  licenseId: "",
  links: {} as Awaited<ReturnType<typeof freshAccountLinks>>,
  /** A session of `other`'s Developer, for the calls that end sessions (logout-all, password). */
  sessionToken: "",
};

/** Calls that end the caller's session (or others of the user): never sent with a fixture token. */
const SESSION_ENDING = new Set(["signOut", "signOutEverywhere", "changePassword"]);

async function freshVictims(): Promise<void> {
  const key = await createProjectKey(w.org, "all");
  victims.keyId = key.slice("svc_pk_".length).split(".")[0] as string;
  // Inserted directly: the fuzz's own creations may have reached the org's limit of keys.
  victims.workspaceKeyId = newId("workspaceKey");
  await (await getDb()).insert(workspaceKeys).values({
    id: victims.workspaceKeyId,
    orgId: w.org.id,
    name: "Fuzz victim",
    role: "Viewer",
    secretHash: "0".repeat(64),
    prefix: `svc_${victims.workspaceKeyId}.`,
  });
  const token = w.org.members.Owner.token;
  const project = await call<{ id: string }>("POST", "/v1/workspace/projects", {
    token,
    json: { name: "Victim" },
  });
  victims.projectId = project.body.id;
  const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token,
    json: { project_id: w.org.projectId, name: "Victim room" },
  });
  victims.roomId = room.body.id;
  victims.recordingId = newId("recording");
  await (await getDb()).insert(recordings).values({
    id: victims.recordingId,
    orgId: w.org.id,
    projectId: w.org.projectId,
    roomId: room.body.id,
    state: "completed",
    objectKey: recordingFileKey({ orgId: w.org.id, roomId: room.body.id, id: victims.recordingId }),
    startedAt: new Date(),
  });
  if (media?.available) {
    victims.recordRoomId = await activeMediaRoom();
    victims.stopRoomId = await activeMediaRoom();
    victims.stopRecordingId = await recordingRow(victims.stopRoomId, null);
  }
  victims.uploadRecordingId = await recordingRow(room.body.id, new Date());
  victims.licenseId = newId("license");
  await (await getDb()).insert(licenses).values({
    id: victims.licenseId,
    orgId: w.org.id,
    name: "Victim licence",
    kid: "lk_fuzz",
    seats: 5,
    concurrentParticipants: 5,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const hook = await call<{ id: string }>("POST", "/v1/workspace/webhooks", {
    token,
    json: { url: HOOK_URL, events: ["room.created"] },
  });
  victims.webhookId = hook.body.id;
  const delivery = await call<{ id: string }>("POST", `/v1/workspace/webhooks/${hook.body.id}/test`, {
    token,
  });
  victims.deliveryId = delivery.body.id;
  await (await getDb())
    .update(deliveries)
    .set({ status: "dead", completedAt: new Date(), nextAttemptAt: null })
    .where(eq(deliveries.id, delivery.body.id));
  const spare = w.other.members.Developer;
  victims.links = await freshAccountLinks(w.org.id, spare.userId, spare.email);
  victims.sessionToken = await victimSession();
}

/** A new session of `other`'s Developer: an earlier sign-out-everywhere ended the last one. */
async function victimSession(): Promise<string> {
  const spare = w.other.members.Developer;
  return (await startSession(await getDb(), { ...spare, orgId: w.other.id, displayName: "Developer Person" }))
    .token;
}

/**
 * Just before an operation whose success needs a precondition an earlier operation may have
 * undone: a live session for the session-ending calls, an enabled endpoint for the test event.
 */
async function restorePrecondition(operationId: string): Promise<void> {
  if (SESSION_ENDING.has(operationId)) victims.sessionToken = await victimSession();
  if (operationId === "sendTestEvent") {
    const db = await getDb();
    const [hook] = await db
      .update(webhookEndpoints)
      .set({ active: true, disabledAt: null, disabledReason: null })
      .where(eq(webhookEndpoints.id, victims.webhookId))
      .returning({ id: webhookEndpoints.id });
    if (!hook) await freshVictims();
  }
}

/** A room of the fuzzed org placed on the test media node (a room token placed it), active. */
async function activeMediaRoom(): Promise<string> {
  const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token: w.org.members.Owner.token,
    json: { project_id: w.org.projectId, name: "Recorded" },
  });
  await call("POST", "/v1/auth/tokens/room", {
    token: w.projectKey,
    json: { roomId: room.body.id, identity: "host", role: "publisher" },
  });
  await (await getDb()).update(rooms).set({ state: "active" }).where(eq(rooms.id, room.body.id));
  return room.body.id;
}

/** A recording in progress of `roomId` (stopped at `stoppedAt`, or still running). */
async function recordingRow(
  roomId: string,
  stoppedAt: Date | null,
  id = newId("recording"),
): Promise<string> {
  await (await getDb()).insert(recordings).values({
    id,
    orgId: w.org.id,
    projectId: w.org.projectId,
    roomId,
    state: "recording",
    startedAt: new Date(),
    stoppedAt,
  });
  return id;
}

/** The recording the agent-report sample names (the body is not resolved like a path). */
const AGENT_RECORDING = "rec_fuzzagentreport00000";

/** Operations that destroy what their path names: they get the victims, never the world's own. */
const DESTROYS: Record<string, () => Record<string, string>> = {
  deleteProject: () => ({ [w.org.projectId]: victims.projectId }),
  endRoom: () => ({ [w.roomId]: victims.roomId, [w.shortCode]: victims.roomId }),
  deleteRecording: () => ({ [w.recordingId]: victims.recordingId }),
};

/** A test inbox of the fuzzed org: its message list is read by the inbox's own id. */
let inboxId = "";

function ownId(op: Operation, name: string): string {
  if (op.operationId === "listWebhookInbox") return inboxId;
  if (name === "identity") return "fuzz";
  if (name === "sessionId") return sessionId;
  if (op.path.includes("/licenses/")) return victims.licenseId;
  if (name === "projectId") return op.operationId === "deleteProject" ? victims.projectId : w.org.projectId;
  if (op.operationId === "startRecording") return victims.recordRoomId;
  if (op.operationId === "stopRecording")
    return name === "roomId" ? victims.stopRoomId : victims.stopRecordingId;
  if (op.operationId === "issueRecordingUpload") return victims.uploadRecordingId;
  if (name === "roomId") return op.operationId === "endRoom" ? victims.roomId : w.roomId;
  if (op.operationId === "deleteRecording") return victims.recordingId;
  if (name === "deliveryId") return victims.deliveryId;
  if (name === "shortCode") return w.shortCode;
  if (op.path.includes("/recordings/")) return w.recordingId;
  if (op.path.includes("/api-keys/")) return victims.keyId;
  if (op.path.startsWith("/v1/workspace/keys/")) return victims.workspaceKeyId;
  if (name === "userId") return victims.links.memberId;
  if (op.path.includes("/members/invitations/")) return victims.links.invitationId;
  return victims.webhookId;
}

function idArb(name: string): fc.Arbitrary<string> {
  // The id the path names, most of the time; another org's or another kind's now and then.
  return fc.oneof(
    // A marker, resolved when the request is sent: the victims are replaced while the run goes on.
    { weight: 4, arbitrary: fc.constant(`@own:${name}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(w.other.projectId, w.roomId, w.recordingId, w.deliveryId),
    },
    { weight: 1, arbitrary: weird.filter((s) => s.length > 0 && s !== "." && s !== "..") },
    { weight: 1, arbitrary: fc.constantFrom("key_nope", "wh_nope", "rec_nope", "prj_nope", "dlv_nope") },
  );
}

function queryArb(op: Operation): fc.Arbitrary<string> {
  const known = ["limit", "cursor", "project_id", "state", "environment", "room_id", "status", "action"];
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 8 })),
    fc.oneof(
      fc.constantFrom(
        "1",
        "50",
        "200",
        "201",
        "0",
        "-5",
        "abc",
        "active",
        "prod",
        "pending",
        w.org.projectId,
        w.roomId,
      ),
      weird,
    ),
  );
  return fc
    .array(pair, { maxLength: op.query ? 4 : 1 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
}

type Auth = { headers: Record<string, string> };

function authArb(op: Operation): fc.Arbitrary<Auth> {
  const bearer = (t: string): Auth => ({ headers: { authorization: `Bearer ${t}` } });
  const roles = Object.values(w.org.members).map((m) => bearer(m.token));
  const right: Auth[] =
    op.auth === "project_key"
      ? [bearer(w.projectKey), bearer(narrowKey)]
      : op.auth === "media_secret"
        ? [bearer(MEDIA_SECRET)]
        : op.auth === "media_events"
          ? [{ headers: { authorization: JANUS_BASIC } }]
          : op.auth === "media_webhook"
            ? [{ headers: { authorization: LIVEKIT_SIGNED } }]
            : op.auth === "recorder"
              ? [bearer(RECORDER_SECRET)]
              : SESSION_ENDING.has(op.operationId)
                ? [{ headers: { authorization: "Bearer @victim-session" } }]
                : [...roles, { headers: { cookie: `svc_session=${w.org.members.Owner.token}` } }];
  const wrong: Auth[] = [
    { headers: {} },
    bearer("garbage"),
    bearer(w.other.members.Owner.token),
    bearer(w.projectKey),
    bearer(`svc_pk_key_x.svc_live_${"a".repeat(32)}`),
    { headers: { authorization: "Basic Zm9vOmJhcg==" } },
    { headers: { cookie: `svc_session=${w.org.members.Owner.token}`, origin: "https://evil.example" } },
    { headers: { cookie: "svc_session=%%%" } },
  ];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...right) },
    { weight: 1, arbitrary: fc.constantFrom(...wrong) },
  );
}

const headerArb = fc.record(
  {
    "content-type": fc.constantFrom(
      "application/json",
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/merge-patch+json",
      "",
    ),
    "idempotency-key": fc.oneof(fc.constantFrom("k1", "k2", "k3"), fc.string({ maxLength: 300 })),
    "x-forwarded-for": fc.constantFrom("198.51.100.1", "198.51.100.2", "2001:db8::1", "garbage, 1.2.3.4"),
    "x-request-id": fc.string({ maxLength: 150 }),
  },
  { requiredKeys: ["content-type"] },
);

/** Header values must be ByteStrings without CR/LF; anything else is what an HTTP client could not send. */
const sendable = (v: string) => /^[\x20-\x7e]*$/.test(v);

function requestArb(): fc.Arbitrary<FuzzRequest> {
  const ops = OPERATIONS.filter((o) => !EXCLUDED.has(o.operationId));
  return fc.constantFrom(...ops).chain((op) => {
    const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    return fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(op.method) },
          { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
        ),
        ids: fc.tuple(...names.map(idArb)),
        query: queryArb(op),
        auth: authArb(op),
        headers: headerArb,
        body: bodyArb(op),
      })
      .map(({ method, ids, query, auth, headers, body }) => {
        let path = op.path;
        names.forEach((n, i) => {
          path = path.replace(`{${n}}`, encodeURIComponent(ids[i] as string));
        });
        // `@own:<name>` markers stay until the request is sent (see ownId).
        const clean = Object.fromEntries(
          Object.entries(headers).filter(([, v]) => v !== undefined && sendable(v)),
        );
        return {
          operationId: op.operationId,
          method,
          path: query ? `${path}?${query}` : path,
          auth,
          headers: clean as Record<string, string>,
          body: method === "GET" ? undefined : body,
        };
      });
  });
}

/**
 * The request a careful client would send: the operation's own method, ids, sample body and the
 * Owner's (or the right key's) credentials. Sent once for an operation the random run never got
 * through, so every success path is reached and checked against its schema whatever the seed.
 */
function canonicalRequest(op: Operation): FuzzRequest {
  const auth =
    op.auth === "project_key"
      ? `Bearer ${w.projectKey}`
      : op.auth === "media_secret"
        ? `Bearer ${MEDIA_SECRET}`
        : op.auth === "media_events"
          ? JANUS_BASIC
          : op.auth === "media_webhook"
            ? LIVEKIT_SIGNED
            : op.auth === "recorder"
              ? `Bearer ${RECORDER_SECRET}`
              : SESSION_ENDING.has(op.operationId)
                ? "Bearer @victim-session"
                : `Bearer ${w.org.members.Owner.token}`;
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(`@own:${name}`)),
    auth: { headers: { authorization: auth } },
    headers: { "content-type": "application/json" },
    body: op.method === "GET" ? undefined : JSON.stringify(samples(op)),
  };
}

let runs = 0;
const byId = new Map(OPERATIONS.map((o) => [o.operationId, o]));

async function check(req: FuzzRequest): Promise<void> {
  const picked = byId.get(req.operationId) as Operation;
  // Another method of the same path may be an operation of its own (GET and POST of a list).
  const op = OPERATIONS.find((o) => o.method === req.method && o.path === picked.path);
  const r = { ...req, op: op ?? picked };
  if (++runs % CLEAR_LIMITS_EVERY === 0) {
    await clearAllRateLimits();
    await freshVictims();
  }
  await restorePrecondition(r.op.operationId);
  let path = r.path.replace(/%40own%3A(\w+)/g, (_, name: string) => ownId(r.op, name));
  for (const [own, victim] of Object.entries(DESTROYS[r.op.operationId]?.() ?? {}))
    path = path.replaceAll(encodeURIComponent(own), encodeURIComponent(victim));
  const auth = Object.fromEntries(
    Object.entries(r.auth.headers).map(([k, v]) => [k, v.replace("@victim-session", victims.sessionToken)]),
  );
  if (auth.authorization === LIVEKIT_SIGNED) {
    auth.authorization = (await signedWebhook(webhookEvent({}), { body: r.body ?? "" })).authorization;
  }
  // The Janus event endpoint answers only with the Janus media plane configured; room tokens would
  // then need a live node, so the plane is on for that endpoint's requests alone.
  // Afterwards the suite's own settings come back, the test media plane included (the share
  // link's guest token needs it).
  const planeEnv = PLANE_ENV[r.op.auth] ?? (CLOUD_ONLY.has(r.op.operationId) ? CLOUD_ENV : undefined);
  const baseEnv = { SVC_SIGNUP: "open", SVC_RECORDER_SECRET: RECORDER_SECRET, ...media?.env };
  if (planeEnv) overrideEnvForTests({ ...baseEnv, ...planeEnv });
  const res = await call(r.method, path, { headers: { ...r.headers, ...auth }, body: r.body }).finally(() => {
    if (planeEnv) overrideEnvForTests(baseEnv);
  });
  const label = `${r.method} ${path} -> ${res.status} ${res.text.slice(0, 300)}`;
  const s = stats.get(r.op.operationId) ?? { calls: 0, ok: 0, codes: new Set<string>() };
  stats.set(r.op.operationId, s);
  s.calls++;
  if (res.status >= 500) throw new Error(`5xx: ${label}`);
  if (res.status < 400) {
    if (!op) throw new Error(`an undefined method succeeded: ${label}`);
    s.ok++;
    const documented = r.op.responses[res.status];
    if (!documented) throw new Error(`undocumented status: ${label}`);
    if (documented.schema && !documented.schema.safeParse(res.body).success) {
      throw new Error(`body does not match the documented schema: ${label}`);
    }
    return;
  }
  if (!res.headers.get("content-type")?.startsWith("application/problem+json"))
    throw new Error(`not problem+json: ${label}`);
  const b = res.body as Record<string, unknown> | undefined;
  const code = b?.code as ErrorCode | undefined;
  if (!code || !(code in ERROR_STATUS)) throw new Error(`unknown code: ${label}`);
  if (ERROR_STATUS[code] !== res.status || b?.status !== res.status)
    throw new Error(`status/code mismatch: ${label}`);
  for (const f of ["type", "title", "detail"])
    if (typeof b?.[f] !== "string") throw new Error(`no ${f}: ${label}`);
  s.codes.add(code);
  if (!op) {
    if (code !== "method_not_allowed") throw new Error(`wrong method answered ${code}: ${label}`);
    return;
  }
  if (!errorCodesOf(r.op).includes(code))
    throw new Error(`code ${code} not documented for ${r.op.operationId}: ${label}`);
}

describe("fuzzing every endpoint", () => {
  beforeAll(async () => {
    // The share link's guest token succeeds only with a media plane: a real Janus on loopback.
    media = await startTestMediaPlane();
    if (!media.available) for (const op of MEDIA_PLANE_OPERATIONS) EXCLUDED.add(op);
    // Sign-up is closed by default on self_host; the fuzz reaches its success path too.
    overrideEnvForTests({ SVC_SIGNUP: "open", SVC_RECORDER_SECRET: RECORDER_SECRET, ...media.env });
    w = await buildWorld();
    sessionId = await worldSessionId(w);
    const inbox = await call<{ id: string }>("POST", "/v1/workspace/webhooks/inbox", {
      token: w.org.members.Owner.token,
      json: {},
    });
    inboxId = inbox.body.id;
    narrowKey = await createProjectKey(w.org, "recordings:read");
    await recordingRow(w.roomId, null, AGENT_RECORDING);
    await freshVictims();
  });

  afterAll(async () => {
    overrideEnvForTests({});
    await media?.stop();
  });

  it(
    `answers ${NUM_RUNS} generated requests without a 5xx, each error a documented problem (seed ${SEED})`,
    async () => {
      await fc.assert(fc.asyncProperty(requestArb(), check), {
        seed: SEED,
        numRuns: NUM_RUNS,
        endOnFailure: true,
      });
      const ops = OPERATIONS.filter((o) => !EXCLUDED.has(o.operationId));
      const total = [...stats.values()].reduce((a, s) => a + s.calls, 0);
      expect(total).toBeGreaterThanOrEqual(NUM_RUNS);
      for (const op of ops) if (!stats.get(op.operationId)?.ok) await check(canonicalRequest(op));
      for (const op of ops) {
        const s = stats.get(op.operationId);
        expect(s?.calls ?? 0, op.operationId).toBeGreaterThan(NUM_RUNS / ops.length / 3);
        // Not only refusals: the generator reaches the handler's success path of every operation.
        if (SUCCESS_ELSEWHERE.has(op.operationId)) continue;
        // Soft: one run names every operation whose success was never reached, not the first.
        expect
          .soft(s?.ok ?? 0, `${op.operationId} never succeeded: ${[...(s?.codes ?? [])].join(", ")}`)
          .toBeGreaterThan(0);
      }
    },
    15 * 60_000,
  );
});
