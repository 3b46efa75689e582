import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, roomKnocks, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import type { RoomAdmissionDto } from "@/lib/rooms/room-admission-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { GuestToken } from "@/lib/share-link/guest-token-schema";
import type { GuestKnock, GuestKnockStatus } from "@/lib/share-link/knock-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { janusInstalled, type RunningJanus, startJanus } from "./helpers/janus";

/**
 * The share link's lock and waiting room (docs/decisions/1350): a locked link refuses new guests
 * with 403 `room_locked`; with the waiting room on a guest knocks (202), polls with the knock's
 * secret, and gets a token once a member admits them (or is told they were declined). The host's
 * API: Owner, Admin and Developer change it and decide, every role reads it, audited, 404 across
 * orgs, 422 on bad input. A real Janus (loopback) places the rooms, as in share-link-join.
 */
if (!janusInstalled)
  console.warn("SKIPPED share-link-knock: `janus` is not installed (apt-get install janus)");

const TOKEN_SECRET = "share-link-knock-token-secret-0123456789";
const EVENTS_SECRET = "share-link-knock-events-secret-0123456789";

let janus: RunningJanus | undefined;
let org: TestOrg;
let other: TestOrg;

const mediaEnv = () => ({
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: janus?.url ?? "http://127.0.0.1:9/janus",
  JANUS_PUBLIC_URL: "wss://media.example.test/janus",
  JANUS_TOKEN_SECRET: TOKEN_SECRET,
  JANUS_EVENTS_SECRET: EVENTS_SECRET,
});

const owner = () => ({ token: org.members.Owner.token });

async function createRoom(): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    ...owner(),
    json: { project_id: org.projectId, type: "meeting", name: "Door test" },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const join = (code: string, displayName: string) =>
  call<GuestToken & GuestKnock>("POST", `/v1/join/${code}/token`, { json: { displayName } });

const poll = (code: string, knock: string, secret: string) =>
  call<GuestKnockStatus>("GET", `/v1/join/${code}/knocks/${knock}`, {
    headers: { authorization: `Bearer ${secret}` },
  });

const setAdmission = (roomId: string, json: unknown, token = org.members.Owner.token) =>
  call<RoomAdmissionDto>("PATCH", `/v1/workspace/rooms/${roomId}/admission`, { token, json });

const decide = (roomId: string, knockId: string, what: "admit" | "deny", token = org.members.Owner.token) =>
  call<{ state: string; display_name: string }>(
    "POST",
    `/v1/workspace/rooms/${roomId}/knocks/${knockId}/${what}`,
    { token },
  );

async function auditActions(roomId: string): Promise<string[]> {
  const rows = await (await getDb())
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.id), eq(auditLog.targetId, roomId)));
  return rows.map((r) => r.action);
}

describe.skipIf(!janusInstalled)("share-link lock and waiting room", () => {
  beforeAll(async () => {
    janus = await startJanus({
      tokenSecret: TOKEN_SECRET,
      eventsUrl: "http://127.0.0.1:9/none",
      eventsSecret: EVENTS_SECRET,
    });
    overrideEnvForTests(mediaEnv());
    forgetOpenedRooms();
    org = await createOrg();
    other = await createOrg();
  });

  afterEach(async () => {
    overrideEnvForTests(mediaEnv());
    await clearAllRateLimits();
  });

  afterAll(async () => {
    overrideEnvForTests({});
    await janus?.stop();
  });

  it("starts open; every role reads it, Owner, Admin and Developer change it, audited; 404 across orgs, 422 on bad input", async () => {
    const room = await createRoom();
    const read = await call<RoomAdmissionDto>("GET", `/v1/workspace/rooms/${room.short_code}/admission`, {
      token: org.members.Viewer.token,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({ link_locked: false, waiting_room: false, waiting: [] });
    for (const role of ["Member", "Billing", "Viewer"] as const)
      expectProblem(
        await setAdmission(room.id, { link_locked: true }, org.members[role].token),
        403,
        "forbidden_workspace_role",
      );
    for (const role of ["Owner", "Admin", "Developer"] as const) {
      const res = await setAdmission(
        room.id,
        { waiting_room: role !== "Developer" },
        org.members[role].token,
      );
      expect(res.status, res.text).toBe(200);
    }
    expect((await setAdmission(room.id, { link_locked: true })).body).toMatchObject({
      link_locked: true,
      waiting_room: false,
    });
    expect(await auditActions(room.id)).toContain("room.admission_changed");
    expectProblem(
      await setAdmission(room.id, { link_locked: false }, other.members.Owner.token),
      404,
      "not_found",
    );
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${room.id}/admission`, { token: other.members.Viewer.token }),
      404,
      "not_found",
    );
    for (const body of [{}, { link_locked: "yes" }, { waiting_room: 1 }, { link_locked: null }])
      expectProblem(await setAdmission(room.id, body), 422, "validation_failed");
    await (await getDb()).update(rooms).set({ state: "ended" }).where(eq(rooms.id, room.id));
    expectProblem(await setAdmission(room.id, { link_locked: false }), 409, "room_ended");
  });

  it("a locked link refuses new guests with room_locked; tokens already issued and project-key tokens are untouched; unlocking opens it", async () => {
    const room = await createRoom();
    const inside = await join(room.short_code, "Already inside");
    expect(inside.status, inside.text).toBe(200);
    await setAdmission(room.id, { link_locked: true });
    const refused = expectProblem(await join(room.short_code, "Mallory"), 403, "room_locked");
    expect(String(refused.detail)).toMatch(/locked/);
    // The lock is the link's: the token issued before stays what it was, and the room stays open.
    expect(decodeJwt(inside.body.token).exp).toBeGreaterThan(Date.now() / 1000);
    const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, room.id));
    expect(row?.state).not.toBe("ended");
    // Lock and waiting room together: the lock wins, nobody knocks.
    await setAdmission(room.id, { waiting_room: true });
    expectProblem(await join(room.short_code, "Mallory"), 403, "room_locked");
    await setAdmission(room.id, { link_locked: false, waiting_room: false });
    expect((await join(room.short_code, "Welcome back")).status).toBe(200);
  });

  it("with the waiting room on a guest knocks, polls, and gets its token on the poll after a member admits it; one token per knock", async () => {
    const room = await createRoom();
    await setAdmission(room.id, { waiting_room: true });
    const knocked = await join(room.short_code, "Grace Hopper");
    expect(knocked.status, knocked.text).toBe(202);
    expect(knocked.body).toMatchObject({ state: "waiting", poll_after_ms: 1000 });
    expect(knocked.body.knock_id).toMatch(/^knk_/);
    const { knock_id: id, knock_secret: secret } = knocked.body;
    // Only its hash is stored.
    const [stored] = await (await getDb()).select().from(roomKnocks).where(eq(roomKnocks.id, id));
    expect(stored?.secretHash).not.toContain(secret);

    const waiting = await poll(room.short_code, id, secret);
    expect(waiting.status, waiting.text).toBe(200);
    expect(waiting.body).toEqual({ state: "waiting", poll_after_ms: 1000, token: null });
    expect(waiting.headers.get("cache-control")).toContain("no-store");
    expectProblem(await poll(room.short_code, id, "knks_wrong"), 404, "not_found");
    expectProblem(await poll(room.short_code, id, ""), 404, "not_found");
    const elsewhere = await createRoom();
    expectProblem(await poll(elsewhere.short_code, id, secret), 404, "not_found");

    const list = await call<RoomAdmissionDto>("GET", `/v1/workspace/rooms/${room.id}/admission`, owner());
    expect(list.body.waiting).toEqual([{ id, display_name: "Grace Hopper", knocked_at: expect.any(String) }]);

    expectProblem(
      await decide(room.id, id, "admit", org.members.Member.token),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(await decide(room.id, id, "admit", other.members.Owner.token), 404, "not_found");
    expectProblem(await decide(elsewhere.id, id, "admit"), 404, "not_found");
    const admitted = await decide(room.id, id, "admit", org.members.Developer.token);
    expect(admitted.status, admitted.text).toBe(200);
    expect(admitted.body).toMatchObject({ state: "admitted", display_name: "Grace Hopper" });
    expect(await auditActions(room.id)).toContain("room.guest_admitted");
    expectProblem(await decide(room.id, id, "deny"), 409, "conflict");

    const inside = await poll(room.short_code, id, secret);
    expect(inside.status, inside.text).toBe(200);
    expect(inside.body.state).toBe("admitted");
    expect(decodeJwt(inside.body.token?.token ?? "")).toMatchObject({
      room: room.id,
      name: "Grace Hopper",
      role: "publisher",
    });
    // A second poll gets no second token.
    expect((await poll(room.short_code, id, secret)).body).toEqual({
      state: "admitted",
      poll_after_ms: null,
      token: null,
    });
    // Nobody is left waiting.
    const after = await call<RoomAdmissionDto>("GET", `/v1/workspace/rooms/${room.id}/admission`, owner());
    expect(after.body.waiting).toEqual([]);
  });

  it("a denied guest is told so; a guest whose page stopped asking leaves the list and cannot be admitted", async () => {
    const room = await createRoom();
    await setAdmission(room.id, { waiting_room: true });
    const a = (await join(room.short_code, "Denied")).body;
    const b = (await join(room.short_code, "Gone")).body;
    expect((await decide(room.id, a.knock_id, "deny")).body.state).toBe("denied");
    expect(await auditActions(room.id)).toContain("room.guest_denied");
    expect((await poll(room.short_code, a.knock_id, a.knock_secret)).body).toEqual({
      state: "denied",
      poll_after_ms: null,
      token: null,
    });
    await (await getDb())
      .update(roomKnocks)
      .set({ lastSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(roomKnocks.id, b.knock_id));
    const list = await call<RoomAdmissionDto>("GET", `/v1/workspace/rooms/${room.id}/admission`, owner());
    expect(list.body.waiting).toEqual([]);
    expectProblem(await decide(room.id, b.knock_id, "admit"), 409, "conflict");
    // Asking again puts them back in the list: they are there.
    expect((await poll(room.short_code, b.knock_id, b.knock_secret)).body.state).toBe("waiting");
    expect((await decide(room.id, b.knock_id, "admit")).status).toBe(200);
  });

  it("an ended room admits nobody, and a knock is 404 where the service does not open rooms in the browser", async () => {
    const room = await createRoom();
    await setAdmission(room.id, { waiting_room: true });
    const k = (await join(room.short_code, "Late")).body;
    overrideEnvForTests({ SVC_MEDIA_PLANE: "none" });
    expectProblem(await poll(room.short_code, k.knock_id, k.knock_secret), 404, "not_found");
    overrideEnvForTests(mediaEnv());
    await (await getDb()).update(rooms).set({ state: "ended" }).where(eq(rooms.id, room.id));
    expectProblem(await decide(room.id, k.knock_id, "admit"), 409, "room_ended");
  });

  it("an admission that cannot become a token (the room ended in between) can be asked about again", async () => {
    const room = await createRoom();
    await setAdmission(room.id, { waiting_room: true });
    const k = (await join(room.short_code, "Unlucky")).body;
    expect((await decide(room.id, k.knock_id, "admit")).status).toBe(200);
    await (await getDb()).update(rooms).set({ state: "ended" }).where(eq(rooms.id, room.id));
    expectProblem(await poll(room.short_code, k.knock_id, k.knock_secret), 409, "room_ended");
    expectProblem(await poll(room.short_code, k.knock_id, k.knock_secret), 409, "room_ended");
  });
});
