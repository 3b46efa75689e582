import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, roomBans } from "@/db/schema";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import type { RemovedParticipantDto } from "@/lib/media/live-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type StubWorld, stubWorld } from "./helpers/stub-world";

/**
 * Ban on removal (issue 47 item 2, docs/decisions/1322): DELETE participants/:identity with `ban`
 * or `ban_seconds` removes the identity, revokes what it holds and refuses to mint it another
 * token (409 identity_banned, through the real token endpoint) until the ban ends or is lifted.
 */

let w: StubWorld;
let other: TestOrg;

beforeAll(async () => {
  w = await stubWorld();
  other = await createOrg({ name: "Elsewhere" });
});
afterAll(() => w.stop());

const remove = (
  roomId: string,
  identity: string,
  query: Record<string, string>,
  token = w.org.members.Owner.token,
) =>
  call<RemovedParticipantDto>(
    "DELETE",
    `/v1/workspace/rooms/${roomId}/participants/${encodeURIComponent(identity)}`,
    {
      token,
      query,
    },
  );

/** Through the endpoint a customer's server calls (its refusal comes before any media credential). */
const mintOverHttp = (roomId: string, identity: string) =>
  call("POST", "/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${w.key.project_key}` },
    json: { roomId, identity, role: "publisher" },
  });

const bans = async (roomId: string, token = w.org.members.Viewer.token) => {
  const res = await call<{ items: { identity: string; until: string | null }[] }>(
    "GET",
    `/v1/workspace/rooms/${roomId}/bans`,
    { token },
  );
  expect(res.status, res.text).toBe(200);
  return res.body.items;
};

describe("ban on removal", () => {
  it("removes the identity now, refuses its old token's rejoin and every new token with 409 identity_banned; lifting the ban lets it back", async () => {
    const room = await w.room();
    const ann = await w.join(room.id, "ann");
    // Someone stays, so the room does not end when ann leaves.
    const bob = await w.join(room.id, "bob");
    const res = await remove(room.id, "ann", { ban: "true" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ identity: "ann", removed: 1, ban: { identity: "ann", until: null } });
    expect(w.onPlane(room.id)).toEqual([bob.seat.ref]);
    await ann.seat.left();

    const again = await ann.seat.rejoin();
    expect(w.onPlane(room.id)).not.toContain(again.ref);

    const refused = expectProblem(await mintOverHttp(room.id, "ann"), 409, "identity_banned");
    expect(refused.detail).toContain("banned");
    // Someone else is not banned.
    expect((await w.mint(room.id, "bob")).status).toBe(200);
    expect((await bans(room.id)).map((b) => b.identity)).toEqual(["ann"]);

    const lifted = await call("DELETE", `/v1/workspace/rooms/${room.id}/bans/ann`, {
      token: w.org.members.Admin.token,
    });
    expect(lifted.status, lifted.text).toBe(204);
    expectProblem(
      await call("DELETE", `/v1/workspace/rooms/${room.id}/bans/ann`, { token: w.org.members.Admin.token }),
      404,
      "not_found",
    );
    expect(await bans(room.id)).toEqual([]);
    const back = await w.join(room.id, "ann");
    expect(w.onPlane(room.id)).toContain(back.seat.ref);

    const actions = await (await getDb())
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, w.org.id), eq(auditLog.targetId, room.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["room.identity_banned", "room.identity_unbanned"]),
    );
  });

  it("a time-limited ban ends by itself", async () => {
    const room = await w.room();
    const before = Date.now();
    const res = await remove(room.id, "cy", { ban_seconds: "120" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.removed).toBe(0);
    const until = Date.parse(res.body.ban?.until ?? "");
    expect(until).toBeGreaterThanOrEqual(before + 120_000);
    expect(until).toBeLessThan(Date.now() + 121_000);
    expectProblem(await mintOverHttp(room.id, "cy"), 409, "identity_banned");
    // Time passes: the ban's end is behind us.
    await (await getDb())
      .update(roomBans)
      .set({ until: new Date(Date.now() - 1000) })
      .where(and(eq(roomBans.roomId, room.id), eq(roomBans.identity, "cy")));
    expect((await w.mint(room.id, "cy")).status).toBe(200);
    expect(await bans(room.id)).toEqual([]);
  });

  it("refuses bad ban parameters with 422 and other roles with 403; another org's room is 404", async () => {
    const room = await w.room();
    const bad: Record<string, string>[] = [
      { ban_seconds: "10" },
      { ban_seconds: "abc" },
      { ban_seconds: "1.5" },
      { ban: "maybe" },
    ];
    for (const q of bad) {
      expectProblem(await remove(room.id, "dee", q), 422, "validation_failed");
    }
    for (const role of ROLES) {
      if (rolesWith("participants:remove").includes(role)) continue;
      expectProblem(
        await remove(room.id, "dee", { ban: "true" }, w.org.members[role].token),
        403,
        "forbidden_workspace_role",
      );
      expectProblem(
        await call("DELETE", `/v1/workspace/rooms/${room.id}/bans/dee`, { token: w.org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    expectProblem(await remove(room.id, "dee", { ban: "true" }, other.members.Owner.token), 404, "not_found");
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${room.id}/bans`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
  });

  it("works without a media plane: nobody to remove, but the identity gets no token", async () => {
    const room = await w.room();
    overrideEnvForTests({});
    try {
      const res = await remove(room.id, "eve", { ban: "true" });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ removed: 0, ban: { identity: "eve" } });
      expectProblem(await mintOverHttp(room.id, "eve"), 409, "identity_banned");
      // A plain removal still needs a plane to ask.
      expectProblem(await remove(room.id, "eve", {}), 409, "conflict");
    } finally {
      overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
    }
  });
});
