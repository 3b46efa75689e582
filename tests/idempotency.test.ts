import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { ROUTE_CONTRACTS as OPERATIONS } from "@/app/api-routes";
import { idempotencyKeys, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { requestHash } from "@/lib/idempotency/request-hash";
import { REPLAYED_HEADER } from "@/lib/idempotency/with-idempotency";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { buildWorld, happyPath, MEDIA_SECRET } from "./helpers/hardening-world";
import { MEDIA_PLANE_OPERATIONS, startTestMediaPlane } from "./helpers/test-media-plane";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Idempotency" });
});
afterEach(() => {
  vi.useRealTimers();
});

const owner = () => ({ token: org.members.Owner.token });
let n = 0;
const newKey = () => `key-${Date.now()}-${++n}`;

function createRoom(key: string | undefined, json: unknown, token = org.members.Owner.token) {
  return call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token,
    json,
    headers: key ? { "idempotency-key": key } : {},
  });
}

async function roomCount(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.orgId, org.id))).length;
}

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, and runs the request once", async () => {
    const key = newKey();
    const before = await roomCount();
    const first = await createRoom(key, { project_id: org.projectId, name: "Once" });
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const second = await createRoom(key, { project_id: org.projectId, name: "Once" });
    expect(second.status).toBe(201);
    expect(second.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(second.text).toBe(first.text);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(await roomCount()).toBe(before + 1);
  });

  it("treats the same JSON with other key order and spacing as the same request", async () => {
    const key = newKey();
    const first = await createRoom(key, { name: "Order", project_id: org.projectId });
    const second = await call("POST", "/v1/workspace/rooms", {
      ...owner(),
      body: `{ "project_id" : "${org.projectId}",\n "name": "Order" }`,
      headers: { "idempotency-key": key, "content-type": "application/json" },
    });
    expect(second.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(second.body).toEqual(first.body);
    expect(requestHash("POST", "/a", '{"a":1,"b":[1,{"c":2,"d":3}]}')).toBe(
      requestHash("POST", "/a", '{"b":[1,{"d":3,"c":2}],"a":1}'),
    );
    expect(requestHash("POST", "/a", "[1,2]")).not.toBe(requestHash("POST", "/a", "[2,1]"));
  });

  it("answers 422 idempotency_key_reused for another body, path or method under the same key", async () => {
    const key = newKey();
    expect((await createRoom(key, { project_id: org.projectId, name: "A" })).status).toBe(201);
    const before = await roomCount();
    expectProblem(
      await createRoom(key, { project_id: org.projectId, name: "B" }),
      422,
      "idempotency_key_reused",
    );
    expectProblem(
      await call("POST", "/v1/workspace/projects", {
        ...owner(),
        json: { name: "P" },
        headers: { "idempotency-key": key },
      }),
      422,
      "idempotency_key_reused",
    );
    expect(await roomCount()).toBe(before);
  });

  it("scopes keys to the caller: another member's identical key runs on its own", async () => {
    const key = newKey();
    const mine = await createRoom(key, { project_id: org.projectId, name: "Scoped" });
    const theirs = await createRoom(
      key,
      { project_id: org.projectId, name: "Scoped" },
      org.members.Admin.token,
    );
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("never runs concurrent duplicates twice: one runs, the others wait and replay it", async () => {
    const key = newKey();
    const before = await roomCount();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createRoom(key, { project_id: org.projectId, name: "Race" })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get(REPLAYED_HEADER) === "true")).toHaveLength(5);
    expect(await roomCount()).toBe(before + 1);
  });

  it("stores nothing for a request refused before it ran, so the key can be retried with a fixed body", async () => {
    const key = newKey();
    expectProblem(await createRoom(key, { name: "no project" }), 422, "validation_failed");
    expectProblem(
      await call("POST", "/v1/workspace/rooms", {
        ...owner(),
        body: "{oops",
        headers: { "idempotency-key": key, "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(await createRoom(key, { project_id: "prj_nope" }), 404, "not_found");
    const fixed = await createRoom(key, { project_id: org.projectId });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it("replays a domain conflict (409) like a success", async () => {
    const key = newKey();
    const slug = `idem-${n}-${Date.now()}`;
    expect(
      (await call("POST", "/v1/workspace/projects", { ...owner(), json: { name: "X", slug } })).status,
    ).toBe(201);
    const first = await call("POST", "/v1/workspace/projects", {
      ...owner(),
      json: { name: "Y", slug },
      headers: { "idempotency-key": key },
    });
    expectProblem(first, 409, "slug_taken");
    const again = await call("POST", "/v1/workspace/projects", {
      ...owner(),
      json: { name: "Y", slug },
      headers: { "idempotency-key": key },
    });
    expectProblem(again, 409, "slug_taken");
    expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
  });

  it("forgets a key after 24 hours", async () => {
    const key = newKey();
    const first = await createRoom(key, { project_id: org.projectId, name: "Day" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 1000);
    const later = await createRoom(key, { project_id: org.projectId, name: "Day" });
    expect(later.status).toBe(201);
    expect(later.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
  });

  it("takes over a claim abandoned by a crashed request once its lease has passed", async () => {
    const key = newKey();
    const body = { project_id: org.projectId, name: "Crash" };
    const db = await getDb();
    await db.insert(idempotencyKeys).values({
      scope: `usr:${org.members.Owner.userId}:${org.id}`,
      key,
      requestHash: requestHash("POST", "/v1/workspace/rooms", JSON.stringify(body)),
      state: "in_progress",
      lockedUntil: new Date(Date.now() - 1000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await createRoom(key, body);
    expect(res.status).toBe(201);
    expect(res.headers.get(REPLAYED_HEADER)).toBeNull();
  });

  it("answers 409 conflict with Retry-After when the first request is still running after the wait", async () => {
    const key = newKey();
    const body = { project_id: org.projectId, name: "Slow" };
    const db = await getDb();
    await db.insert(idempotencyKeys).values({
      scope: `usr:${org.members.Owner.userId}:${org.id}`,
      key,
      requestHash: requestHash("POST", "/v1/workspace/rooms", JSON.stringify(body)),
      state: "in_progress",
      lockedUntil: new Date(Date.now() + 60_000),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await createRoom(key, body);
    expectProblem(res, 409, "conflict");
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("rejects a malformed key with 422, and ignores the header on GET", async () => {
    const long = "k".repeat(256);
    const res = await createRoom(long, { project_id: org.projectId });
    const problem = expectProblem(res, 422, "validation_failed");
    expect(JSON.stringify(problem.errors)).toContain("Idempotency-Key");
    expectProblem(await createRoom("has space", { project_id: org.projectId }), 422, "validation_failed");
    const list = await call("GET", "/v1/workspace/rooms", {
      ...owner(),
      headers: { "idempotency-key": long },
    });
    expect(list.status).toBe(200);
  });

  it("keeps stored responses encrypted: a replayed API key secret is not readable in the table", async () => {
    const key = newKey();
    const path = `/v1/workspace/projects/${org.projectId}/api-keys`;
    const first = await call<{ secret: string }>("POST", path, {
      ...owner(),
      json: { name: "Idem key" },
      headers: { "idempotency-key": key },
    });
    const again = await call<{ secret: string }>("POST", path, {
      ...owner(),
      json: { name: "Idem key" },
      headers: { "idempotency-key": key },
    });
    expect(again.body.secret).toBe(first.body.secret);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.scope, `usr:${org.members.Owner.userId}:${org.id}`),
        ),
      );
    expect(row?.state).toBe("completed");
    expect(row?.responseCiphertext).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(first.body.secret);
    // The session cookie a renewal may add is never stored or replayed.
    expect(row?.responseCiphertext).not.toContain("set-cookie");
  });

  it("scopes project-key and media-plane requests to their credential", async () => {
    const world = await buildWorld();
    const key = newKey();
    const token = { token: world.projectKey, headers: { "idempotency-key": key } };
    const json = { roomId: world.roomId, identity: "alice", role: "publisher" };
    const first = await call<{ token: string }>("POST", "/v1/auth/tokens/room", { ...token, json });
    const second = await call<{ token: string }>("POST", "/v1/auth/tokens/room", { ...token, json });
    expect(second.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(second.body.token).toBe(first.body.token);
    const report = {
      id: `r-${key}`,
      type: "participant.joined",
      room_id: world.roomId,
      participant: { identity: "x" },
    };
    const media = { token: MEDIA_SECRET, headers: { "idempotency-key": key }, json: report };
    expect((await call("POST", "/v1/internal/media-events", media)).status).toBe(202);
    const replay = await call("POST", "/v1/internal/media-events", media);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
  });

  it("is honoured by every POST the registry marks idempotent", async () => {
    // Starting and stopping a recording succeed only with a media plane: a real Janus on loopback.
    const media = await startTestMediaPlane();
    onTestFinished(async () => {
      overrideEnvForTests({});
      await media.stop();
    });
    overrideEnvForTests(media.env);
    const world = await buildWorld();
    let key = "";
    const examples = happyPath(world, () => ({ "idempotency-key": key }));
    const idempotent = OPERATIONS.filter((o) => o.idempotent).map((o) => o.operationId);
    expect(idempotent.length).toBeGreaterThan(10);
    // In registry order, so a key exists before it is rotated.
    for (const op of OPERATIONS) {
      const run = examples[op.operationId];
      if (!run) throw new Error(op.operationId);
      if (!media.available && (MEDIA_PLANE_OPERATIONS as readonly string[]).includes(op.operationId))
        continue;
      key = newKey();
      const first = await run();
      if (!op.idempotent) continue;
      expect(first.status, `${op.operationId}: ${first.text}`).toBeLessThan(300);
      const second = await run();
      expect(second.headers.get(REPLAYED_HEADER), op.operationId).toBe("true");
      expect(second.status).toBe(first.status);
      expect(second.text).toBe(first.text);
    }
    // Sign-in and sign-out are exempt: a stored sign-in would hold a session credential. So are the
    // ways in that sign in or spend a single-use link (sign-up, verification, reset, accepting), and
    // a share link's guest token (a way in: each guest gets a fresh identity, docs/decisions/1030),
    // and the media servers' events (Janus's event handler, LiveKit's webhooks), which send no key:
    // each event is deduped by its own id (docs/decisions/1042, 1090); likewise a recording agent's reports (deduped by their ids) and its upload links (each a new
    // short-lived link for the same key, harmless to repeat: docs/decisions/1082).
    expect(
      OPERATIONS.filter((o) => o.method === "POST" && !o.idempotent)
        .map((o) => o.operationId)
        .sort(),
    ).toEqual(
      [
        "acceptMemberInvitation",
        "confirmPasswordReset",
        "ingestAgentReport",
        "ingestJanusEvents",
        "ingestLivekitWebhook",
        // The streamer agent's: reports apply once by state, uploads are fresh links (issue 45).
        "ingestStreamerReport",
        "issueRecordingUpload",
        "issueStreamUpload",
        "mintGuestToken",
        "passkeySignInOptions",
        "requestPasswordReset",
        "signIn",
        "signOut",
        "signOutEverywhere",
        "signInWithPasskey",
        "signUp",
        "startSso",
        "verifyEmail",
      ].sort(),
    );
    // Every operation of the registry, twice each for the idempotent ones: over 30 s on a busy machine.
  }, 120_000);
});
