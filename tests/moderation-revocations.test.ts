import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mediaConnections } from "@/db/schema";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { ejectDue } from "@/lib/media/moderation/eject-due";
import type { RevocationDto } from "@/lib/media/moderation/moderation-schema";
import { STUB_NODES, stubServer } from "@/lib/media/stub/stub-plane";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type StubWorld, stubWorld } from "./helpers/stub-world";

/**
 * POST /v1/workspace/rooms/:id/revocations (issue 47 item 1, docs/decisions/1320): the roles,
 * bad input, and enforcement on a media plane (the test-only stub, which reports joins as every
 * driver does): holders present are removed, a rejoin on a revoked token is refused and removed,
 * a token minted afterwards works, and a node that does not answer is asked again by the eject job.
 * LiveKit: tests/moderation-livekit.test.ts; Janus with real browsers: tests/media-e2e.
 */

let w: StubWorld;
let other: TestOrg;

beforeAll(async () => {
  w = await stubWorld();
  other = await createOrg({ name: "Elsewhere" });
});
afterAll(() => w.stop());

const revoke = (roomId: string, json: unknown, token = w.org.members.Owner.token) =>
  call<RevocationDto>("POST", `/v1/workspace/rooms/${roomId}/revocations`, { token, json });

const present = async (roomId: string) => {
  const res = await call<{ items: { identity: string }[] }>(
    "GET",
    `/v1/workspace/rooms/${roomId}/participants`,
    { token: w.org.members.Viewer.token },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((p) => p.identity).sort();
};

describe("POST rooms/:id/revocations: who and what", () => {
  it("is for Owner, Admin and Developer; Member, Billing and Viewer get 403 forbidden_workspace_role", async () => {
    expect(rolesWith("participants:moderate")).toEqual(["Owner", "Admin", "Developer"]);
    const room = await w.room();
    for (const role of ROLES) {
      const res = await revoke(room.id, { identity: `someone-${role}` }, w.org.members[role].token);
      if (rolesWith("participants:moderate").includes(role)) {
        expect(res.status, `${role}: ${res.text}`).toBe(201);
        expect(res.body).toMatchObject({ room_id: room.id, identity: `someone-${role}`, removed: 0 });
        expect(res.body.id).toMatch(/^rvk_/);
      } else {
        expectProblem(res, 403, "forbidden_workspace_role");
      }
    }
  });

  it("answers 404 not_found for an unknown room, another org's room and a short code", async () => {
    const room = await w.room();
    expectProblem(await revoke("rm_doesnotexist0000", { identity: "ann" }), 404, "not_found");
    expectProblem(await revoke(room.id, { identity: "ann" }, other.members.Owner.token), 404, "not_found");
    expectProblem(await revoke(room.short_code, { identity: "ann" }), 404, "not_found");
  });

  it("answers 422 validation_failed for issued_before in the future and for bad bodies", async () => {
    const room = await w.room();
    const future = new Date(Date.now() + 60_000).toISOString();
    const res = expectProblem(await revoke(room.id, { issued_before: future }), 422, "validation_failed");
    expect(JSON.stringify(res.errors)).toContain("issued_before");
    for (const body of [
      {},
      { identity: "" },
      { identity: "   " },
      { identity: 42 },
      { identity: "x".repeat(129) },
      { issued_before: "yesterday" },
      { issued_before: 1700000000 },
    ]) {
      expectProblem(await revoke(room.id, body), 422, "validation_failed");
    }
    const bad = await call("POST", `/v1/workspace/rooms/${room.id}/revocations`, {
      token: w.org.members.Owner.token,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it("answers 409 room_ended for an ended room", async () => {
    const room = await w.room();
    const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: w.org.members.Owner.token,
    });
    expect(ended.status, ended.text).toBe(200);
    expectProblem(await revoke(room.id, { identity: "ann" }), 409, "room_ended");
  });
});

describe("revocation on a media plane", () => {
  it("removes the identity's holders now; its rejoin on the old token is refused and removed; a new token works", async () => {
    const room = await w.room();
    const ann = await w.join(room.id, "ann");
    const bob = await w.join(room.id, "bob");
    expect(await present(room.id)).toEqual(["ann", "bob"]);

    const res = await revoke(room.id, { identity: "ann" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ identity: "ann", removed: 1 });
    // The node removed ann (and only ann); its leave then closes her presence.
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
    await ann.seat.left();
    expect(await present(room.id)).toEqual(["bob"]);

    // The same credential joins again: the plane admits it (it checks tokens itself), the service
    // does not count it, and removes it at once.
    const again = await ann.seat.rejoin();
    expect(await present(room.id)).toEqual(["bob"]);
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
    expect(w.onPlane(room.id)).not.toContain(again.ref);

    // A token minted after the revocation admits ann.
    const fresh = await w.join(room.id, "ann");
    expect(await present(room.id)).toEqual(["ann", "bob"]);
    expect(w.onPlane(room.id)).toContain(fresh.seat.ref);

    const audited = await (await getDb())
      .select({ metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, w.org.id), eq(auditLog.action, "room.tokens_revoked")));
    expect(audited.map((a) => a.metadata)).toContainEqual(
      expect.objectContaining({ identity: "ann", removed: 1 }),
    );
  });

  it("issued_before revokes everyone's older tokens, not those minted after it", async () => {
    const room = await w.room();
    const old = await w.mint(room.id, "carol");
    expect(old.status, old.text).toBe(200);
    const cut = new Date();
    // The next mint's issued time is after the cut: waited for, not slept.
    while (Date.now() <= cut.getTime()) await new Promise((r) => setImmediate(r));
    const newer = await w.mint(room.id, "dave");
    const res = await revoke(room.id, { issued_before: cut.toISOString() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.identity).toBeNull();
    if (!old.body?.media || !newer.body?.media) throw new Error("no media credential");
    const carol = await w.enter(room.id, old.body.media);
    const dave = await w.enter(room.id, newer.body.media);
    expect(await present(room.id)).toEqual(["dave"]);
    expect(w.onPlane(room.id)).toEqual([dave.ref]);
    expect(w.onPlane(room.id)).not.toContain(carol.ref);
  });

  it("a node that does not answer: the revocation stands, and the eject job removes the holder when it is back", async () => {
    const room = await w.room();
    const erin = await w.join(room.id, "erin");
    const node = erin.media.url;
    expect(STUB_NODES).toContain(node);
    stubServer.down.add(node);
    const res = await revoke(room.id, { identity: "erin" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.removed).toBe(0);
    const [marked] = await (await getDb())
      .select({ ejectAt: mediaConnections.ejectAt })
      .from(mediaConnections)
      .where(eq(mediaConnections.connectionId, erin.seat.connection));
    expect(marked?.ejectAt).toBeInstanceOf(Date);
    stubServer.down.delete(node);
    const pass = await ejectDue(await getDb(), new Date());
    expect(pass.removed).toBeGreaterThanOrEqual(1);
    expect(w.onPlane(room.id)).not.toContain(erin.seat.ref);
  });
});
