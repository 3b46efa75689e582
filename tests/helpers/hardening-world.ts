import { eq } from "drizzle-orm";
import { deliveries, mediaConnections, recordings, roomParticipants, roomSessions, rooms } from "@/db/schema";
import { totpCodeAt } from "@/lib/auth/two-factor/totp-code";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { STUB_NODES, stubServer } from "@/lib/media/stub/stub-plane";
import { recordingFileKey, recordingPlaylistKey } from "@/lib/recordings/recording-object";
import { putObject } from "@/lib/storage/put-object";
import { type CallOptions, type CallResult, call, call as callRoute } from "./app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./fixtures";
import { passkeyAndSsoExamples } from "./identity-examples";
import { knockExamples } from "./knock-examples";
import { LK_KEY, LK_SECRET, signedWebhook, webhookEvent } from "./livekit";
import { streamExamples } from "./stream-examples";
import { freshAccountLinks } from "./teams";
import { createProjectKey } from "./webhook-fixtures";

/** A receiver address nothing listens on (loopback, discard port): nothing ever leaves the machine. */
export const HOOK_URL = "https://127.0.0.1:9/hook";
export const MEDIA_SECRET = "test-media-ingest-secret";
/** The recording agents' secret (SVC_RECORDER_SECRET) the recorder examples set while they run. */
export const RECORDER_SECRET = "test-recorder-secret-0123456789";

/** One org with one of everything the API names, and a second org to prove isolation. */
export interface World {
  org: TestOrg;
  other: TestOrg;
  roomId: string;
  shortCode: string;
  endedRoomId: string;
  recordingId: string;
  keyId: string;
  /** `svc_pk_<keyId>.<secret>`, scope `all`. */
  projectKey: string;
  webhookId: string;
  deliveryId: string;
  /** Single-use links and a removable member of `org` (tests/helpers/teams.ts). */
  links: Awaited<ReturnType<typeof freshAccountLinks>>;
}

function ok<T>(res: { status: number; text: string; body: T }, what: string): T {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body;
}

export async function buildWorld(): Promise<World> {
  const org = await createOrg({ name: "World" });
  const other = await createOrg({ name: "Other world" });
  const token = org.members.Owner.token;
  const room = ok(
    await call<{ id: string; short_code: string }>("POST", "/v1/workspace/rooms", {
      token,
      json: { project_id: org.projectId, name: "World room" },
    }),
    "room",
  );
  const db = await getDb();
  const endedRoomId = newId("room");
  await db.insert(rooms).values({
    id: endedRoomId,
    orgId: org.id,
    projectId: org.projectId,
    name: "Ended",
    type: "meeting",
    state: "ended",
    shortCode: `ended${endedRoomId.slice(-5).toLowerCase()}`,
  });
  const recordingId = newId("recording");
  await db.insert(recordings).values({
    id: recordingId,
    orgId: org.id,
    projectId: org.projectId,
    roomId: room.id,
    state: "completed",
    objectKey: recordingFileKey({ orgId: org.id, roomId: room.id, id: recordingId }),
    startedAt: new Date("2026-03-04T05:06:07.890Z"),
    durationSec: 61,
    sizeBytes: 1234,
    readyAt: new Date("2026-03-04T05:08:00.000Z"),
  });
  // Its HLS playlist, as an agent stores it (docs/decisions/1247).
  await putObject({
    key: recordingPlaylistKey({ orgId: org.id, roomId: room.id, id: recordingId }),
    body: Buffer.from(
      '#EXTM3U\n#EXT-X-MAP:URI="index.m4s",BYTERANGE="10@0"\n#EXTINF:6,\nindex.m4s\n#EXT-X-ENDLIST\n',
    ),
    contentType: "application/vnd.apple.mpegurl",
  });
  const projectKey = await createProjectKey(org, "all");
  const keyId = projectKey.slice("svc_pk_".length).split(".")[0] as string;
  const webhook = ok(
    await call<{ id: string }>("POST", "/v1/workspace/webhooks", {
      token,
      json: { url: HOOK_URL, events: ["room.created"] },
    }),
    "webhook",
  );
  const delivery = ok(
    await call<{ id: string }>("POST", `/v1/workspace/webhooks/${webhook.id}/test`, { token }),
    "test delivery",
  );
  // Finished (as if its schedule ran out), so it can be redelivered.
  await db
    .update(deliveries)
    .set({ status: "dead", attemptCount: 7, completedAt: new Date(), nextAttemptAt: null })
    .where(eq(deliveries.id, delivery.id));
  return {
    org,
    other,
    roomId: room.id,
    shortCode: room.short_code,
    endedRoomId,
    recordingId,
    keyId,
    projectKey,
    webhookId: webhook.id,
    deliveryId: delivery.id,
    // The reset link is another member's than the one who changes a password (spare, below): a
    // password change ends the user's reset links (docs/decisions/1054).
    links: await freshAccountLinks(org.id, other.members.Billing.userId, other.members.Billing.email),
  };
}

/** A successful call per operation: live answers must match the documented response schema. */
export function happyPath(
  w: World,
  headers: () => Record<string, string> = () => ({}),
): Record<string, () => Promise<CallResult>> {
  const owner: CallOptions = { token: w.org.members.Owner.token };
  const key: CallOptions = { token: w.projectKey };
  const prj = w.org.projectId;
  const withJson = (json: unknown, base: CallOptions = owner): CallOptions => ({ ...base, json });
  let mintedKeyId = "";
  let workspaceKeyId = "";
  let roomToEnd = "";
  let inboxId = "";
  let recordedRoom = "";
  let recordingToStop = "";
  let moderatedRoom = "";
  /** Moderation (issue 47) on the test-only stub plane: a room with "speaker" present in it. */
  const onStub = async (fn: (roomId: string) => Promise<CallResult>) => {
    moderatedRoom ||= await stubRoomWithSpeaker(w);
    overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
    stubServer.nodes.get(STUB_NODES[0])?.set(moderatedRoom, {
      participants: new Set(["feed-docs"]),
      recording: null,
      streams: new Map(),
    });
    try {
      return await fn(moderatedRoom);
    } finally {
      overrideEnvForTests({});
    }
  };
  const call = (method: string, path: string, opts: CallOptions = {}) =>
    callRoute(method, path, { ...opts, headers: { ...opts.headers, ...headers() } });
  return {
    signIn: () =>
      call("POST", "/v1/auth/login", {
        json: { email: w.org.members.Viewer.email, password: FIXTURE_PASSWORD },
      }),
    signOut: () => call("POST", "/v1/auth/logout"),
    mintRoomToken: () =>
      call(
        "POST",
        "/v1/auth/tokens/room",
        withJson({ roomId: w.roomId, identity: "alice", role: "publisher" }, key),
      ),
    // Without a media plane (these tests' setting) the documented answer is 404; with one, 200
    // (tests/share-link-join.test.ts).
    mintGuestToken: () => call("POST", `/v1/join/${w.shortCode}/token`, { json: { displayName: "Docs" } }),
    getJwks: () => call("GET", "/.well-known/jwks.json"),
    getIdentity: () => call("GET", "/v1/workspace/me", owner),
    selectPlan: () => call("POST", "/v1/workspace/plan", withJson({ plan: "pro" })),
    listAuditLog: () => call("GET", "/v1/workspace/audit-log", owner),
    verifyAuditLog: () => call("GET", "/v1/workspace/audit-log/verify", owner),
    listProjects: () => call("GET", "/v1/workspace/projects", owner),
    createProject: () => call("POST", "/v1/workspace/projects", withJson({ name: "Docs project" })),
    listRooms: () => call("GET", "/v1/workspace/rooms", owner),
    createRoom: () => call("POST", "/v1/workspace/rooms", withJson({ project_id: prj, type: "broadcast" })),
    getProject: () => call("GET", `/v1/workspace/projects/${prj}`, owner),
    updateProject: () => call("PATCH", `/v1/workspace/projects/${prj}`, withJson({ name: "World, renamed" })),
    deleteProject: async () => {
      const extra = await callRoute<{ id: string }>(
        "POST",
        "/v1/workspace/projects",
        withJson({ name: "Spare" }),
      );
      return call("DELETE", `/v1/workspace/projects/${extra.body.id}`, owner);
    },
    getRoom: () => call("GET", `/v1/workspace/rooms/${w.shortCode}`, owner),
    updateRoom: () => call("PATCH", `/v1/workspace/rooms/${w.roomId}`, withJson({ name: "World room" })),
    endRoom: async () => {
      // One room for every call, so a replay under the same Idempotency-Key names the same path.
      roomToEnd ||= (
        await callRoute<{ id: string }>(
          "POST",
          "/v1/workspace/rooms",
          withJson({ project_id: prj, name: "To end" }),
        )
      ).body.id;
      return call("POST", `/v1/workspace/rooms/${roomToEnd}/end`, owner);
    },
    // Need a media plane (MEDIA_PLANE_OPERATIONS): a room placed on its node and active.
    startRecording: async () => {
      recordedRoom ||= await activeMediaRoom(w);
      return call("POST", `/v1/workspace/rooms/${recordedRoom}/recordings`, owner);
    },
    stopRecording: async () => {
      if (!recordingToStop) {
        const room = await activeMediaRoom(w);
        recordingToStop = ok(
          await callRoute<{ id: string }>("POST", `/v1/workspace/rooms/${room}/recordings`, owner),
          "a recording to stop",
        ).id;
        recordedRoom ||= room;
      }
      const [rec] = await (await getDb()).select().from(recordings).where(eq(recordings.id, recordingToStop));
      return call("POST", `/v1/workspace/rooms/${rec?.roomId}/recordings/${recordingToStop}/stop`, owner);
    },
    listRoomParticipants: () => call("GET", `/v1/workspace/rooms/${w.roomId}/participants`, owner),
    // With a media plane configured, someone not in the room is removed 0 times (200) and no node
    // is asked; without one it is 409 (tests/rooms-remove-participant.test.ts).
    removeRoomParticipant: async () => {
      overrideEnvForTests({
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: "http://127.0.0.1:9/janus",
        JANUS_PUBLIC_URL: "ws://127.0.0.1:9",
        JANUS_TOKEN_SECRET: "docs-token-secret-0123456789",
        JANUS_EVENTS_SECRET: "docs-events-secret-0123456789",
      });
      try {
        return await call("DELETE", `/v1/workspace/rooms/${w.roomId}/participants/nobody%20here`, owner);
      } finally {
        overrideEnvForTests({});
      }
    },
    listRoomTimeline: () => call("GET", `/v1/workspace/rooms/${w.roomId}/timeline`, owner),
    // Usage and sessions (issue 44): the ended room gets one past visit, hence a session.
    listRoomSessions: () => call("GET", `/v1/workspace/rooms/${w.endedRoomId}/sessions`, owner),
    getRoomSession: async () => call("GET", `/v1/workspace/sessions/${await worldSessionId(w)}`, owner),
    getUsage: () =>
      call("GET", "/v1/workspace/usage", { ...owner, query: { from: "2026-11-01", to: "2026-11-30" } }),
    revokeRoomTokens: () =>
      call("POST", `/v1/workspace/rooms/${w.roomId}/revocations`, withJson({ identity: "mallory" })),
    muteRoomParticipant: () =>
      onStub((room) =>
        call("POST", `/v1/workspace/rooms/${room}/participants/speaker/mute`, withJson({ audio: true })),
      ),
    updateRoomParticipant: () =>
      onStub((room) =>
        call("PATCH", `/v1/workspace/rooms/${room}/participants/speaker`, withJson({ role: "publisher" })),
      ),
    listRoomBans: () => call("GET", `/v1/workspace/rooms/${w.roomId}/bans`, owner),
    liftRoomBan: async () => {
      await callRoute("DELETE", `/v1/workspace/rooms/${w.roomId}/participants/banned-one`, {
        ...owner,
        query: { ban: "true" },
      });
      return call("DELETE", `/v1/workspace/rooms/${w.roomId}/bans/banned-one`, owner);
    },
    listRecordings: () =>
      call("GET", "/v1/workspace/recordings", { ...owner, query: { until: "2030-01-01T00:00:00Z" } }),
    getRecording: () => call("GET", `/v1/workspace/recordings/${w.recordingId}`, owner),
    deleteRecording: async () => {
      const db = await getDb();
      const id = newId("recording");
      await db.insert(recordings).values({
        id,
        orgId: w.org.id,
        projectId: prj,
        roomId: w.roomId,
        state: "completed",
        objectKey: recordingFileKey({ orgId: w.org.id, roomId: w.roomId, id }),
        startedAt: new Date(),
      });
      return call("DELETE", `/v1/workspace/recordings/${id}`, owner);
    },
    createRecordingDownloadLink: () =>
      call("POST", `/v1/workspace/recordings/${w.recordingId}/download`, owner),
    getRecordingPlaylist: () => call("GET", `/v1/workspace/recordings/${w.recordingId}/playlist.m3u8`, owner),
    listApiKeys: () => call("GET", `/v1/workspace/projects/${prj}/api-keys`, owner),
    mintApiKey: async () => {
      const res = await call("POST", `/v1/workspace/projects/${prj}/api-keys`, withJson({ name: "Docs" }));
      mintedKeyId = String((res.body as { id?: string }).id);
      return res;
    },
    rotateApiKey: () => call("POST", `/v1/workspace/projects/${prj}/api-keys/${mintedKeyId}/rotate`, owner),
    revokeApiKey: () => call("DELETE", `/v1/workspace/projects/${prj}/api-keys/${mintedKeyId}`, owner),
    listWorkspaceKeys: () => call("GET", "/v1/workspace/keys", owner),
    createWorkspaceKey: async () => {
      const res = await call("POST", "/v1/workspace/keys", withJson({ name: "CI", role: "Developer" }));
      workspaceKeyId = String((res.body as { id?: string }).id);
      return res;
    },
    rotateWorkspaceKey: () => call("POST", `/v1/workspace/keys/${workspaceKeyId}/rotate`, owner),
    revokeWorkspaceKey: () => call("DELETE", `/v1/workspace/keys/${workspaceKeyId}`, owner),
    sendInvitations: () =>
      call(
        "POST",
        "/v1/workspace/meet/invitations",
        withJson({ room_id: w.shortCode, recipients: ["a@example.com", "nope"] }),
      ),
    listWebhooks: () => call("GET", "/v1/workspace/webhooks", owner),
    createWebhook: () =>
      call("POST", "/v1/workspace/webhooks", withJson({ url: HOOK_URL, events: ["room.ended"] })),
    getWebhook: () => call("GET", `/v1/workspace/webhooks/${w.webhookId}`, owner),
    updateWebhook: () =>
      call("PATCH", `/v1/workspace/webhooks/${w.webhookId}`, withJson({ description: "changed" })),
    rotateWebhookSecret: () => call("POST", `/v1/workspace/webhooks/${w.webhookId}/rotate-secret`, owner),
    listDeliveries: () => call("GET", `/v1/workspace/webhooks/${w.webhookId}/deliveries`, owner),
    redeliver: () =>
      call("POST", `/v1/workspace/webhooks/${w.webhookId}/deliveries/${w.deliveryId}/redeliver`, owner),
    sendTestEvent: () => call("POST", `/v1/workspace/webhooks/${w.webhookId}/test`, owner),
    listenWebhookEvents: () => call("GET", "/v1/workspace/webhooks/listen", owner),
    createWebhookInbox: async () => {
      const res = await call("POST", "/v1/workspace/webhooks/inbox", withJson({}));
      inboxId ||= String((res.body as { id?: string }).id);
      return res;
    },
    listWebhookInbox: async () => {
      inboxId ||= (await callRoute<{ id: string }>("POST", "/v1/workspace/webhooks/inbox", withJson({}))).body
        .id;
      return call("GET", `/v1/workspace/webhooks/${inboxId}/inbox`, owner);
    },
    recoverDeliveries: () =>
      call(
        "POST",
        `/v1/workspace/webhooks/${w.webhookId}/recover`,
        withJson({ since: "2026-01-01T00:00:00Z" }),
      ),
    deleteWebhook: async () => {
      const extra = await callRoute<{ id: string }>(
        "POST",
        "/v1/workspace/webhooks",
        withJson({ url: HOOK_URL, events: ["room.ended"] }),
      );
      return call("DELETE", `/v1/workspace/webhooks/${extra.body.id}`, owner);
    },
    registerProjectWebhook: () =>
      call("POST", "/v1/webhooks/endpoints", withJson({ url: HOOK_URL, events: ["qos.alert"] }, key)),
    getOpenApiDocument: () => call("GET", "/v1/openapi.json"),
    liveness: () => call("GET", "/healthz"),
    ...teamsExamples(w, call, owner),
    ...licenseExamples(call, owner),
    ...identityExamples(w, call, owner),
    ...knockExamples(w, call, owner),
    ...passkeyAndSsoExamples(w, call),
    readiness: () => call("GET", "/readyz"),
    ingestMediaReport: () =>
      call("POST", "/v1/internal/media-events", {
        token: MEDIA_SECRET,
        json: {
          id: "docs-1",
          type: "participant.joined",
          room_id: w.roomId,
          participant: { identity: "bob" },
        },
      }),
    ...recorderExamples(w, call),
    ...streamExamples(w, call),
    ingestJanusEvents: async () => {
      // Janus's event handler, with the Janus media plane configured (no node is called for this).
      const secret = "docs-events-secret-0123456789";
      overrideEnvForTests({
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: "http://127.0.0.1:9/janus",
        JANUS_PUBLIC_URL: "ws://127.0.0.1:9",
        JANUS_TOKEN_SECRET: "docs-token-secret-0123456789",
        JANUS_EVENTS_SECRET: secret,
      });
      try {
        return await call("POST", "/v1/internal/media/janus", {
          headers: { authorization: `Basic ${Buffer.from(`janus:${secret}`).toString("base64")}` },
          json: [{ type: 256, timestamp: Date.now() * 1000, emitter: "docs", event: { status: "started" } }],
        });
      } finally {
        overrideEnvForTests({});
      }
    },
    ingestLivekitWebhook: async () => {
      // LiveKit's webhook, signed as its server signs it (no LiveKit server is called for this).
      overrideEnvForTests({
        SVC_MEDIA_PLANE: "livekit",
        LIVEKIT_URL: "http://127.0.0.1:9",
        LIVEKIT_API_KEY: LK_KEY,
        LIVEKIT_API_SECRET: LK_SECRET,
      });
      try {
        const { body, authorization } = await signedWebhook(webhookEvent({ event: "room_started" }));
        return await call("POST", "/v1/internal/media/livekit", {
          headers: { authorization, "content-type": "application/webhook+json" },
          body,
        });
      } finally {
        overrideEnvForTests({});
      }
    },
  };
}

/** The two-factor, security-policy and session examples (issue 46), each on its own member. */
function identityExamples(
  w: World,
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
  owner: CallOptions,
): Record<string, () => Promise<CallResult>> {
  let confirmCode = "";
  let offCode = "";
  let otherSession = "";
  const started = async (token: string) =>
    (await callRoute<{ secret: string }>("POST", "/v1/workspace/me/totp", { token })).body.secret;
  return {
    startTotpEnrolment: () => call("POST", "/v1/workspace/me/totp", { token: w.other.members.Admin.token }),
    confirmTotp: async () => {
      const token = w.other.members.Member.token;
      confirmCode ||= totpCodeAt(await started(token));
      return call("POST", "/v1/workspace/me/totp/confirm", { token, json: { code: confirmCode } });
    },
    disableTotp: async () => {
      const token = w.other.members.Viewer.token;
      if (!offCode) {
        const secret = await started(token);
        const on = await callRoute<{ recovery_codes: string[] }>("POST", "/v1/workspace/me/totp/confirm", {
          token,
          json: { code: totpCodeAt(secret) },
        });
        offCode = on.body.recovery_codes[0] ?? "";
      }
      return call("DELETE", "/v1/workspace/me/totp", { token, json: { code: offCode } });
    },
    getSecurityPolicy: () => call("GET", "/v1/workspace/security", owner),
    updateSecurityPolicy: () =>
      call("PATCH", "/v1/workspace/security", { ...owner, json: { require_two_factor: false } }),
    listMySessions: () => call("GET", "/v1/workspace/me/sessions", owner),
    endMySession: async () => {
      if (!otherSession) {
        const signedIn = await callRoute("POST", "/v1/auth/login", {
          json: { email: w.org.members.Owner.email, password: FIXTURE_PASSWORD },
        });
        const token = /svc_session=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")?.[1] ?? "";
        const mine = await callRoute<{ items: { id: string; current: boolean }[] }>(
          "GET",
          "/v1/workspace/me/sessions",
          { token },
        );
        otherSession = mine.body.items.find((s) => s.current)?.id ?? "";
      }
      return call("DELETE", `/v1/workspace/me/sessions/${otherSession}`, owner);
    },
    // Another org's member, ended by that org's Owner: the fuzz's own fixture tokens (w.org's) stay
    // valid for every other operation it sends.
    endMemberSessions: () =>
      call("DELETE", `/v1/workspace/members/${w.other.members.Member.userId}/sessions`, {
        token: w.other.members.Owner.token,
      }),
  };
}

/**
 * Licences (issue 48) are issued in cloud mode only: those examples run with it, one at a time;
 * the install's status answers in the default self_host mode (the free tier).
 */
function licenseExamples(
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
  owner: CallOptions,
): Record<string, () => Promise<CallResult>> {
  let licenseId = "";
  // One body for every run: a replay under the same Idempotency-Key must send the same bytes.
  const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const cloud = async (run: () => Promise<CallResult>) => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    try {
      return await run();
    } finally {
      overrideEnvForTests({});
    }
  };
  return {
    listLicenses: () => cloud(() => call("GET", "/v1/workspace/licenses", owner)),
    issueLicense: () =>
      cloud(async () => {
        const res = await call("POST", "/v1/workspace/licenses", {
          ...owner,
          json: {
            expires_at: expiresAt,
            limits: { seats: 10, concurrent_participants: 10 },
          },
        });
        licenseId = String((res.body as { id?: string } | undefined)?.id);
        return res;
      }),
    getLicense: () => cloud(() => call("GET", `/v1/workspace/licenses/${licenseId}`, owner)),
    revokeLicense: () => cloud(() => call("POST", `/v1/workspace/licenses/${licenseId}/revoke`, owner)),
    getLicenseStatus: () => call("GET", "/v1/workspace/license", owner),
    getLicenseKeys: () => cloud(() => call("GET", "/.well-known/license-keys.json")),
    getLicenseRevocations: () => cloud(() => call("GET", "/.well-known/license-revocations.json")),
  };
}

/**
 * Teams, accounts and sessions. Session-ending calls act as `other`'s Developer (never as a
 * fixture token the other examples rely on); sign-up runs with SVC_SIGNUP open.
 */
function teamsExamples(
  w: World,
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
  owner: CallOptions,
): Record<string, () => Promise<CallResult>> {
  const spare: CallOptions = { token: w.other.members.Developer.token };
  let invitationId = "";
  let resentId = "";
  const withSignup = async (run: () => Promise<CallResult>) => {
    overrideEnvForTests({ SVC_SIGNUP: "open" });
    try {
      return await run();
    } finally {
      overrideEnvForTests({});
    }
  };
  return {
    listMyOrgs: () => call("GET", "/v1/workspace/me/orgs", owner),
    switchOrg: () => call("POST", "/v1/auth/switch-org", { ...owner, json: { org_id: w.org.id } }),
    changePassword: () =>
      call("POST", "/v1/auth/password", {
        ...spare,
        json: { current_password: FIXTURE_PASSWORD, new_password: FIXTURE_PASSWORD },
      }),
    signOutEverywhere: () => call("POST", "/v1/auth/logout-all", spare),
    signUp: () =>
      withSignup(() =>
        call("POST", "/v1/auth/signup", {
          json: { email: "new@example.test", password: "long-enough-pw", display_name: "N", org_name: "N" },
        }),
      ),
    verifyEmail: () =>
      withSignup(() => call("POST", "/v1/auth/verify-email", { json: { token: w.links.signupToken } })),
    requestPasswordReset: () =>
      call("POST", "/v1/auth/password-reset", { json: { email: "who@example.test" } }),
    confirmPasswordReset: () =>
      call("POST", "/v1/auth/password-reset/confirm", {
        json: { token: w.links.resetToken, password: FIXTURE_PASSWORD },
      }),
    acceptMemberInvitation: () =>
      call("POST", "/v1/auth/invitations/accept", {
        json: { token: w.links.inviteToken, display_name: "Joiner", password: "long-enough-pw" },
      }),
    listMembers: () => call("GET", "/v1/workspace/members", owner),
    changeMemberRole: () =>
      call("PATCH", `/v1/workspace/members/${w.links.memberId}`, { ...owner, json: { role: "Developer" } }),
    removeMember: () => call("DELETE", `/v1/workspace/members/${w.links.memberId}`, owner),
    listMemberInvitations: () => call("GET", "/v1/workspace/members/invitations", owner),
    inviteMember: async () => {
      const res = await call("POST", "/v1/workspace/members/invitations", {
        ...owner,
        json: { email: "teammate@example.test", role: "Developer" },
      });
      invitationId = String((res.body as { id?: string }).id);
      return res;
    },
    resendMemberInvitation: async () => {
      const res = await call("POST", `/v1/workspace/members/invitations/${invitationId}/resend`, owner);
      resentId = String((res.body as { id?: string }).id);
      return res;
    },
    revokeMemberInvitation: () => call("DELETE", `/v1/workspace/members/invitations/${resentId}`, owner),
  };
}

/** A room of `w.org` placed on the media plane's node (a room token placed it) and active. */
/** A room placed on the stub plane's first node with "speaker" present (a seat as its events would leave). */
async function stubRoomWithSpeaker(w: World): Promise<string> {
  const room = ok(
    await callRoute<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: w.org.members.Owner.token,
      json: { project_id: w.org.projectId, name: "Moderated" },
    }),
    "room to moderate",
  );
  const db = await getDb();
  await db
    .update(rooms)
    .set({ state: "active", startedAt: new Date(), mediaNode: STUB_NODES[0] })
    .where(eq(rooms.id, room.id));
  await db.insert(mediaConnections).values({
    connectionId: `docs-${room.id}`,
    sessionRef: `docs-${room.id}`,
    roomId: room.id,
    identity: "speaker",
    role: "viewer",
    participantRef: "feed-docs",
    joinedAt: new Date(),
    publishedTracks: [{ kind: "audio", mid: "0" }],
  });
  return room.id;
}

async function activeMediaRoom(w: World): Promise<string> {
  const room = ok(
    await callRoute<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: w.org.members.Owner.token,
      json: { project_id: w.org.projectId, name: "Recorded" },
    }),
    "room to record",
  );
  ok(
    await callRoute("POST", "/v1/auth/tokens/room", {
      token: w.projectKey,
      json: { roomId: room.id, identity: "host", role: "publisher" },
    }),
    "token placing the room",
  );
  await (await getDb())
    .update(rooms)
    .set({ state: "active", startedAt: new Date() })
    .where(eq(rooms.id, room.id));
  return room.id;
}

/** The recording agent's internal API (docs/decisions/1082), with SVC_RECORDER_SECRET set while each runs. */
function recorderExamples(
  w: World,
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
): Record<string, () => Promise<CallResult>> {
  const agent: CallOptions = { token: RECORDER_SECRET };
  const withSecret = async (run: () => Promise<CallResult>) => {
    overrideEnvForTests({ SVC_RECORDER_SECRET: RECORDER_SECRET });
    try {
      return await run();
    } finally {
      overrideEnvForTests({});
    }
  };
  const inProgress = async (stopped: boolean) => {
    const id = newId("recording");
    await (await getDb()).insert(recordings).values({
      id,
      orgId: w.org.id,
      projectId: w.org.projectId,
      roomId: w.roomId,
      state: "recording",
      startedAt: new Date(),
      stoppedAt: stopped ? new Date() : null,
    });
    return id;
  };
  let uploading = "";
  let reported = "";
  return {
    getAgentRecording: () =>
      withSecret(() => call("GET", `/v1/internal/recorder/recordings/${w.recordingId}`, agent)),
    issueRecordingUpload: async () => {
      uploading ||= await inProgress(true);
      return withSecret(() =>
        call("POST", `/v1/internal/recorder/recordings/${uploading}/upload`, {
          ...agent,
          json: { files: [{ name: "recording.mp4", size_bytes: 1234 }] },
        }),
      );
    },
    ingestAgentReport: async () => {
      reported ||= await inProgress(false);
      return withSecret(() =>
        call("POST", "/v1/internal/recorder/reports", {
          ...agent,
          json: { id: `${reported}:started`, type: "recording.started", recording_id: reported },
        }),
      );
    },
  };
}

/**
 * A session of the world's ended room (issue 44): one past visit, written as presence writes it,
 * so the room_participants trigger makes the session. The same one every call.
 */
export async function worldSessionId(w: World): Promise<string> {
  const db = await getDb();
  const at = new Date("2026-11-02T10:00:00.000Z");
  await db
    .insert(roomParticipants)
    .values({
      roomId: w.endedRoomId,
      identity: "docs",
      joinedAt: at,
      leftAt: new Date(at.getTime() + 90_000),
    })
    .onConflictDoNothing();
  const [s] = await db
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(eq(roomSessions.roomId, w.endedRoomId));
  if (!s) throw new Error("the world's ended room has no session");
  return s.id;
}
